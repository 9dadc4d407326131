import { useEffect, useRef, useState } from 'react'
import type { Illust } from '../../../../api/model.ts'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { richText } from '../../../../lib/i18n/rich.tsx'
import { fitStyle } from '../../lib/fit.ts'
import { imageAlt } from './image-alt.ts'
import { prefersReducedMotion } from './use-reduced-motion.ts'
import { PauseToggle } from './pause-toggle.tsx'
import '../../../../lib/i18n/messages/en/artwork.ts'

type Video = NonNullable<Illust['easelVideo']>

/**
 * An imported ugoira kept as a video (`easel_video`: gallery-dl's ugoira post-processor made it a webm or mp4): the
 * video plays as it is, looped and muted like the frame player's animation, inline on phones. Starts paused when the
 * viewer prefers reduced motion; the Pause button is a toggle (`aria-pressed`), as on the frame player.
 */
export function UgoiraVideo({ work, video }: { work: Illust; video: Video }) {
  useT()
  const [paused, setPaused] = useState(prefersReducedMotion)
  const [failed, setFailed] = useState(false)
  const ref = useRef<HTMLVideoElement>(null)
  const fit = fitStyle(work.width, work.height)

  useEffect(() => {
    const el = ref.current
    if (!el) return
    if (paused) el.pause()
    // a browser that refuses to autoplay leaves it paused; the button still starts it
    else void el.play().catch(() => {})
  }, [paused])

  return (
    <figure className="flex flex-col items-center gap-2" data-ugoira={failed ? 'error' : 'video'}>
      <div className="relative mx-auto" style={fit}>
        <video
          ref={ref}
          src={video.url}
          width={video.width}
          height={video.height}
          autoPlay={!paused}
          loop
          muted
          playsInline
          preload="auto"
          aria-label={imageAlt(work)}
          onError={() => setFailed(true)}
          className="block size-full object-contain"
        />
      </div>
      <div className="flex items-center gap-3 text-sm">
        <PauseToggle paused={paused} onToggle={() => setPaused((p) => !p)} />
        {failed && (
          <span role="alert" className="text-muted">
            {richText(
              'artwork.ugoira.videoUnsupported',
              {
                link: (text) => (
                  <a href={video.url} className="underline underline-offset-2 hover:text-ink" download>
                    {text}
                  </a>
                ),
              },
              { type: video.type },
            )}
          </span>
        )}
      </div>
    </figure>
  )
}
