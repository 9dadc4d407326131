import { useCallback, useEffect, useRef, useState } from 'react'
import { postingApi } from '../../../lib/posting-api.ts'
import type { Upload } from '../../../lib/posting-client.ts'
import { refusedFile, uploadErrorMessage } from './editor-errors.ts'

export type UploadState =
  { status: 'idle' } | { status: 'uploading'; percent: number } | { status: 'failed'; message: string }

/**
 * One image at a time sent to the service (an image in the text, or the cover), as a page upload of the posting
 * client: its progress while it goes, why it failed if it did. Leaving the screen aborts it.
 */
export function useUpload() {
  const [state, setState] = useState<UploadState>({ status: 'idle' })
  const running = useRef<AbortController | null>(null)
  useEffect(() => () => running.current?.abort(), [])

  /** The upload, or null when it was refused, failed or was aborted (the state says why). */
  const upload = useCallback(async (file: File): Promise<Upload | null> => {
    const refused = refusedFile(file)
    if (refused) {
      setState({ status: 'failed', message: refused })
      return null
    }
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    setState({ status: 'uploading', percent: 0 })
    try {
      const done = await postingApi.addUpload(file, {
        signal: controller.signal,
        onProgress: (sent, total) =>
          setState({ status: 'uploading', percent: total > 0 ? Math.floor((sent / total) * 100) : 0 }),
      })
      if (controller.signal.aborted) return null
      setState({ status: 'idle' })
      return done
    } catch (error) {
      if (!controller.signal.aborted) setState({ status: 'failed', message: uploadErrorMessage(error) })
      return null
    } finally {
      if (running.current === controller) running.current = null
    }
  }, [])

  return { state, upload }
}
