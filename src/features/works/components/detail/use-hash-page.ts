import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { pageFromHash } from '../../lib/page-anchor.ts'

/** Calls `go(page)` when the URL's hash names a page (`#p3`): on arrival and whenever the hash changes. */
export function useHashPage(pageCount: number, go: (page: number) => void) {
  const { hash } = useLocation()
  useEffect(() => {
    const page = pageFromHash(hash, pageCount)
    if (page !== null) go(page)
    // `go` is recreated every render; the jump should happen only when the hash (or the work) changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, pageCount])
}
