import { useEffect } from 'react'
import type { Theme } from '../lib/settings.ts'

export const THEME_COLORS = { light: '#f8f7f4', dark: '#17161a' } as const

/** Whether a theme setting means dark, given what the system prefers. */
export function isDark(theme: Theme, systemPrefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemPrefersDark)
}

/**
 * Puts `dark` or `light` on <html> (Tailwind's `dark:` variant and the palette follow it) and keeps it in step with
 * the setting and, for "system", with the system's preference. index.html does the same before the first paint.
 */
export function useApplyTheme(theme: Theme) {
  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)')
    const apply = () => {
      const dark = isDark(theme, media?.matches ?? false)
      const root = document.documentElement
      root.classList.toggle('dark', dark)
      root.classList.toggle('light', !dark)
      for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]'))
        meta.content = dark ? THEME_COLORS.dark : THEME_COLORS.light
    }
    apply()
    if (theme !== 'system' || !media) return
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [theme])
}
