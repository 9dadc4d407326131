// What initialises the browser's locale data for a language: a format of each kind the gallery builds (numbers and
// plurals in i18n.ts; days, instants and relative times in ../format.ts), built and used once. The data is the page
// process's, shared by its threads: the first view's worker (src/app/first-view/warm-intl.ts) runs this, and the
// app's own formats, whatever their options, then find it loaded.

/**
 * Builds and uses a format of each kind in `lang`; a kind the browser cannot build is left for the app to fall back
 * from. The kinds it built.
 */
export function warmIntlFormats(lang: string): string[] {
  const kinds = {
    number: () => new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(1234567),
    plural: () => new Intl.PluralRules(lang).select(2),
    date: () => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(0),
    relative: () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(-3, 'hour'),
  }
  const built: string[] = []
  for (const [kind, build] of Object.entries(kinds)) {
    try {
      build()
      built.push(kind)
    } catch {
      // an unknown language tag: the app meets the same error and falls back as it does today
    }
  }
  return built
}
