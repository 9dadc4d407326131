// A span of an open file as a web stream, read as the client takes it (file-response.ts, file-storage.ts).

import type { FileHandle } from 'node:fs/promises'

const CHUNK = 64 * 1024

/**
 * Bytes start…end (inclusive) of an open file as a web stream that reads a chunk only when the client has taken the
 * last one (pull): the socket's pace bounds what is held in memory. (Readable.toWeb of a file stream reads ahead
 * without that bound on Node 20: a whole 50 MB file ended up in memory for a client slower than the disk.) The file
 * is closed at the end, on an error, and when the client goes away (cancel).
 */
export function readSpan(handle: FileHandle, start: number, end: number): ReadableStream<Uint8Array> {
  let pos = start
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    void handle.close().catch(() => {})
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const want = Math.min(CHUNK, end + 1 - pos)
          const buf = Buffer.allocUnsafe(want)
          const { bytesRead } = await handle.read(buf, 0, want, pos)
          if (bytesRead === 0) {
            // the file shrank since it was opened: end early rather than hang
            close()
            controller.close()
            return
          }
          pos += bytesRead
          controller.enqueue(new Uint8Array(buf.buffer, buf.byteOffset, bytesRead))
          if (pos > end) {
            close()
            controller.close()
          }
        } catch (err) {
          close()
          controller.error(err)
        }
      },
      cancel: close,
    },
    { highWaterMark: 1 },
  )
}
