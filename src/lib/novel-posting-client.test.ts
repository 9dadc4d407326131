import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from './api-client.ts'
import { createNovelPostingClient } from './novel-posting-client.ts'

/** A novel posting client over a fake fetch that answers `body`. */
function clientAnswering(body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  )
  return createNovelPostingClient(createApiClient({ baseUrl: 'http://svc.test', getToken: () => 'tok', fetch }))
}

describe('the novel posting client', () => {
  it('reads a novel’s source: its text, its cover, and no hold when the service names none', async () => {
    const client = clientAnswering({ text: 'Once.', cover_upload_id: 5 })
    expect(await client.novelSource(8)).toEqual({ text: 'Once.', coverUploadId: 5, held: null })
  })

  it('reads the hold of a novel moderators hide: the restrict its author chose', async () => {
    const client = clientAnswering({ text: 'Once.', cover_upload_id: null, held: { restrict: 'public' } })
    expect(await client.novelSource(8)).toEqual({ text: 'Once.', coverUploadId: null, held: { restrict: 'public' } })
  })
})
