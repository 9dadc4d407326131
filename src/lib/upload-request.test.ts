import { describe, expect, it, vi } from 'vitest'
import { BadRequestError, InvalidTokenError, NetworkError } from './api-error.ts'
import { createPostingClient } from './posting-client.ts'
import type { UploadAuth } from './upload-request.ts'

type Reply = { status: number; body: string } | 'network' | 'hang'

/** A stand-in XMLHttpRequest: reports the upload's progress in two steps, then answers `reply`. */
function fakeXhr(replies: Reply[]) {
  const sent: { url: string; headers: Record<string, string>; body: FormData }[] = []
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    ontimeout: (() => void) | null = null
    onabort: (() => void) | null = null
    status = 0
    responseText = ''
    private url = ''
    private headers: Record<string, string> = {}
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    getResponseHeader() {
      return null
    }
    abort() {
      queueMicrotask(() => this.onabort?.())
    }
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body })
      const reply = replies.shift()!
      if (reply === 'hang') return
      queueMicrotask(() => {
        const size = (body.get('file') as File).size
        this.upload.onprogress?.({ lengthComputable: true, loaded: size / 2, total: size })
        this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size })
        if (reply === 'network') return this.onerror?.()
        this.status = reply.status
        this.responseText = reply.body
        this.onload?.()
      })
    }
  }
  return { sent, xhr: () => new FakeXhr() as unknown as XMLHttpRequest }
}

const api = { callEndpoint: vi.fn() }
const file = new File([new Uint8Array(64)], 'page.png', { type: 'image/png' })
const answer = JSON.stringify({ upload: { id: 5, width: 640, height: 480, ext: 'png', bytes: 60 } })
const refusal = (message: string, userMessage: string) =>
  JSON.stringify({ error: { user_message: userMessage, message, reason: '', user_message_details: {} } })

function client(replies: Reply[], auth: Partial<UploadAuth> = {}) {
  const { sent, xhr } = fakeXhr(replies)
  return { sent, posting: createPostingClient(api, { getToken: () => 'token-1', ...auth, xhr }, 'https://easel.test/') }
}

describe('an upload', () => {
  it('sends the file as the multipart body’s `file` part with the session’s token, reporting its progress', async () => {
    const { sent, posting } = client([{ status: 200, body: answer }])
    const progress: [number, number][] = []
    const upload = await posting.addUpload(file, { onProgress: (s, t) => progress.push([s, t]) })
    expect(upload).toEqual({ id: 5, width: 640, height: 480, ext: 'png', bytes: 60 })
    expect(progress).toEqual([
      [32, 64],
      [64, 64],
    ])
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toBe('https://easel.test/v1/easel/upload')
    expect(sent[0]!.headers.Authorization).toBe('Bearer token-1')
    expect((sent[0]!.body.get('file') as File).name).toBe('page.png')
  })

  it('sends an ugoira’s frames as `kind` ugoira, and answers their delays; a page says no kind', async () => {
    const frames = JSON.stringify({
      upload: { id: 6, width: 120, height: 90, ext: 'zip', bytes: 900, frame_delays: [100, 400, 700] },
    })
    const { sent, posting } = client([
      { status: 200, body: frames },
      { status: 200, body: answer },
    ])
    const gif = new File([new Uint8Array(64)], 'spin.gif', { type: 'image/gif' })
    expect(await posting.addUpload(gif, { kind: 'ugoira' })).toEqual({
      id: 6,
      width: 120,
      height: 90,
      ext: 'zip',
      bytes: 900,
      frame_delays: [100, 400, 700],
    })
    expect(sent[0]!.body.get('kind')).toBe('ugoira')
    expect((sent[0]!.body.get('file') as File).name).toBe('spin.gif')
    await posting.addUpload(file, { kind: 'page' })
    expect(sent[1]!.body.get('kind')).toBeNull()
  })

  it('fails with the service’s refusal, its readable sentence kept', async () => {
    const body = refusal('{"file":["not an image"]}', 'The file is not a JPEG, PNG, GIF or WebP image.')
    const { posting } = client([{ status: 415, body }])
    const error = await posting.addUpload(file).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BadRequestError)
    expect((error as BadRequestError).status).toBe(415)
    expect((error as BadRequestError).userMessage).toBe('The file is not a JPEG, PNG, GIF or WebP image.')
  })

  it('fails as a network error when no answer comes', async () => {
    const { posting } = client(['network'])
    await expect(posting.addUpload(file)).rejects.toBeInstanceOf(NetworkError)
  })

  it('is sent again, once, after the session renewed an expired token', async () => {
    const expired = refusal('Error occurred at the OAuth process. invalid_grant', '')
    let token = 'old'
    const onUnauthorized = vi.fn(async (error: unknown) => {
      expect(error).toBeInstanceOf(InvalidTokenError)
      token = 'new'
      return true
    })
    const { sent, posting } = client(
      [
        { status: 400, body: expired },
        { status: 200, body: answer },
      ],
      { getToken: () => token, onUnauthorized },
    )
    expect((await posting.addUpload(file)).id).toBe(5)
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer old', 'Bearer new'])
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('stops when its signal aborts, as an AbortError', async () => {
    const { posting } = client(['hang'])
    const controller = new AbortController()
    const pending = posting.addUpload(file, { signal: controller.signal })
    await Promise.resolve()
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
