import type { ButtonHTMLAttributes } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-on-accent hover:bg-accent/90 border-transparent',
  secondary: 'bg-surface text-ink border-line hover:bg-line/40',
  ghost: 'bg-transparent text-ink border-transparent hover:bg-line/50',
  danger: 'bg-surface text-danger border-line hover:bg-danger/10',
}

/** Class names of a button, for links that look like one (`<a className={buttonClass('primary')}>`). */
export function buttonClass(variant: ButtonVariant = 'secondary', extra = ''): string {
  return `inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border px-4 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed sm:min-h-10 sm:min-w-10 disabled:opacity-60 ${VARIANTS[variant]} ${extra}`
}

export function Button({
  variant = 'secondary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />
}
