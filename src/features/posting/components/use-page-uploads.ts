import { useCallback, useEffect, useReducer, useRef } from 'react'
import { MAX_PAGES } from '../../../api/posting-endpoints.ts'
import { postingApi } from '../../../lib/posting-api.ts'
import type { UploadKind } from '../../../lib/posting-client.ts'
import { localPage, pagesReducer, type PageAction, type PageItem } from '../page-list.ts'
import { ugoiraFile } from '../ugoira-rules.ts'

let lastKey = 0
/** A key no other page of this tab has. */
export const pageKey = () => `page-${++lastKey}`

export interface PageUploads {
  pages: readonly PageItem[]
  /**
   * Adds files as pages (or, `kind` ugoira, as an ugoira's frames), each sent at once on its own; answers how many
   * were left out (past MAX_PAGES).
   */
  addFiles: (files: readonly File[], kind?: UploadKind) => number
  retry: (page: PageItem) => void
  remove: (page: PageItem) => void
  /** Removes every page (the work's type changed: what was added is of no use to it). */
  clear: () => void
  dispatch: (action: PageAction) => void
}

/**
 * The pages of the form and their uploads: each file goes to the service as soon as it is added, on its own request
 * (its progress in its page), and comes back as the service's upload or as why it did not. A removed page's request is
 * aborted; leaving the form aborts what is still on its way and frees the files' previews.
 */
export function usePageUploads(initial: () => readonly PageItem[]): PageUploads {
  const [pages, dispatch] = useReducer(pagesReducer, undefined, initial)
  const requests = useRef(new Map<string, AbortController>())
  const previews = useRef(new Set<string>())

  const send = useCallback((key: string, file: File, kind: UploadKind) => {
    const controller = new AbortController()
    requests.current.set(key, controller)
    postingApi
      .addUpload(kind === 'ugoira' ? ugoiraFile(file) : file, {
        kind,
        signal: controller.signal,
        onProgress: (sent, total) => dispatch({ type: 'progress', key, sent, total }),
      })
      .then(
        (upload) => dispatch({ type: 'uploaded', key, upload, at: Date.now() }),
        (error: unknown) => {
          if (!controller.signal.aborted) dispatch({ type: 'failed', key, error })
        },
      )
      .finally(() => {
        if (requests.current.get(key) === controller) requests.current.delete(key)
      })
  }, [])

  const addFiles = useCallback(
    (files: readonly File[], kind: UploadKind = 'page') => {
      const room = Math.max(0, MAX_PAGES - pages.length)
      const added = files.slice(0, room).map((file) => {
        let preview: string | undefined
        try {
          preview = URL.createObjectURL(file)
          previews.current.add(preview)
        } catch {
          // No object URLs (an old browser, a test): the tile shows its number instead.
        }
        return localPage(pageKey(), file, preview, kind)
      })
      dispatch({ type: 'add', pages: added })
      for (const page of added) if (page.status === 'uploading') send(page.key, page.file!, kind)
      return files.length - added.length
    },
    [pages.length, send],
  )

  const retry = useCallback(
    (page: PageItem) => {
      if (page.status !== 'failed' || !page.file || page.refused) return
      dispatch({ type: 'retry', key: page.key })
      send(page.key, page.file, page.kind ?? 'page')
    },
    [send],
  )

  const forget = useCallback((page: PageItem) => {
    requests.current.get(page.key)?.abort()
    requests.current.delete(page.key)
    if (page.preview && previews.current.delete(page.preview)) URL.revokeObjectURL(page.preview)
  }, [])

  const remove = useCallback(
    (page: PageItem) => {
      forget(page)
      dispatch({ type: 'remove', key: page.key })
    },
    [forget],
  )

  const clear = useCallback(() => {
    for (const page of pages) forget(page)
    dispatch({ type: 'reset', pages: [] })
  }, [pages, forget])

  useEffect(() => {
    const inFlight = requests.current
    const made = previews.current
    return () => {
      for (const controller of inFlight.values()) controller.abort()
      inFlight.clear()
      for (const url of made) URL.revokeObjectURL(url)
      made.clear()
    }
  }, [])

  return { pages, addFiles, retry, remove, clear, dispatch }
}
