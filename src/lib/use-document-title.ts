import { useEffect } from 'react'

/** "Title · Easel" while the view is shown; just "Easel" without a title. */
export function useDocumentTitle(title: string | undefined | null) {
  useEffect(() => {
    document.title = title ? `${title} · Easel` : 'Easel'
  }, [title])
}
