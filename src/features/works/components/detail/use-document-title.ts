import { useEffect } from 'react'

/** "Title · Easel" while the work is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Easel`
  }, [title])
}
