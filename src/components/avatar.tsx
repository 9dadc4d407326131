/** A round profile image. `alt` is empty by default: next to the name it would only repeat it. */
export function Avatar({ src, alt = '', size = 40 }: { src: string | undefined; alt?: string; size?: number }) {
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-full bg-line object-cover"
      style={{ width: size, height: size }}
    />
  )
}
