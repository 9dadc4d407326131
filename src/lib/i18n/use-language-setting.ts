import { useEffect } from 'react'
import { useSettings } from '../settings.ts'
import { resolveLang, setLang } from './i18n.ts'

/** Follows the language setting, and on 'auto' the browser's languages when they change. */
export function useLanguageSetting() {
  const { language } = useSettings()
  useEffect(() => {
    const apply = () => void setLang(resolveLang(language))
    apply()
    window.addEventListener('languagechange', apply)
    return () => window.removeEventListener('languagechange', apply)
  }, [language])
}
