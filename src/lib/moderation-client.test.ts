import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from './api-client.ts'
import { ForbiddenError } from './api-error.ts'
import { createModerationClient } from './moderation-client.ts'

interface Call {
  url: URL
  method: string
  body: URLSearchParams
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A moderation client over a fake fetch that answers with `respond` and records every call. */
function setup(respond: (call: Call) => Response) {
  const calls: Call[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
    }
    calls.push(call)
    return respond(call)
  })
  const api = createApiClient({ baseUrl: 'http://svc.test', getToken: () => 'tok', fetch })
  return { client: createModerationClient(api), calls }
}

const target = {
  kind: 'comment',
  id: 9,
  label: 'rude words',
  user: { id: 4, name: 'Writer', account: 'writer' },
  exists: true,
  held: false,
  on: { kind: 'illust', id: 77 },
}

describe('the moderation client', () => {
  it('sends a report with the table’s names, the note only when there is one', async () => {
    const { client, calls } = setup(() => json({}))
    await client.addReport({ kind: 'illust', targetId: 12, reason: 'spam', note: '  ads everywhere ' })
    await client.addReport({ kind: 'comment', targetId: 9, reason: 'harassment', note: '   ' })
    expect(calls.map((c) => [c.method, c.url.pathname])).toEqual([
      ['POST', '/v1/easel/report'],
      ['POST', '/v1/easel/report'],
    ])
    expect(Object.fromEntries(calls[0]!.body)).toEqual({
      kind: 'illust',
      target_id: '12',
      reason: 'spam',
      note: 'ads everywhere',
    })
    expect(Object.fromEntries(calls[1]!.body)).toEqual({ kind: 'comment', target_id: '9', reason: 'harassment' })
  })

  it('reads a page of reports into the camelCase model, and pages by the offset of next_url', async () => {
    const { client, calls } = setup(() =>
      json({
        reports: [
          {
            id: 3,
            target,
            reason: 'harassment',
            note: 'see this',
            reporter: { id: 5, name: 'Reader', account: 'reader' },
            created_at: '2026-03-01T00:00:00.000Z',
            closed_at: null,
            resolution: null,
            closed_by: null,
          },
        ],
        next_url: 'http://svc.test/v1/easel/moderation/reports?state=closed&offset=30',
      }),
    )
    const page = await client.moderationReports('closed', { offset: 30 })
    expect(calls[0]!.url.pathname).toBe('/v1/easel/moderation/reports')
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ state: 'closed', offset: '30' })
    expect(page.nextUrl).toBe('http://svc.test/v1/easel/moderation/reports?state=closed&offset=30')
    expect(page.reports[0]).toEqual({
      id: 3,
      target,
      reason: 'harassment',
      note: 'see this',
      reporter: { id: 5, name: 'Reader', account: 'reader' },
      createdAt: '2026-03-01T00:00:00.000Z',
      closedAt: null,
      resolution: null,
      closedBy: null,
    })
  })

  it('reads what is held and the log, next_url null on the last page', async () => {
    const { client } = setup((call) =>
      call.url.pathname.endsWith('/held')
        ? json({ held: [{ target, held_at: '2026-03-02T00:00:00.000Z' }], next_url: null })
        : json({
            entries: [
              {
                id: 1,
                created_at: '2026-03-03T00:00:00.000Z',
                admin: { id: 1, name: 'Demo', account: 'demo' },
                action: 'hide',
                target,
                note: 'rude',
              },
            ],
            next_url: null,
          }),
    )
    expect(await client.moderationHeld()).toEqual({
      held: [{ target, heldAt: '2026-03-02T00:00:00.000Z' }],
      nextUrl: null,
    })
    const log = await client.moderationLog()
    expect(log.nextUrl).toBeNull()
    expect(log.entries[0]).toMatchObject({ id: 1, createdAt: '2026-03-03T00:00:00.000Z', action: 'hide', note: 'rude' })
  })

  it('acts on items, accounts and reports, and turns a refusal into a typed error with the service’s sentence', async () => {
    const { client, calls } = setup((call) =>
      call.url.pathname.endsWith('/user')
        ? json(
            {
              error: {
                user_message: "An admin's account cannot be suspended.",
                message: 'Forbidden',
                reason: '',
                user_message_details: {},
              },
            },
            403,
          )
        : json({}),
    )
    await client.moderateItem({ kind: 'novel', targetId: 5, action: 'hide', note: 'spoilers' })
    await client.dismissReport(8)
    const refused = client.moderateUser(2, 'suspend')
    await expect(refused).rejects.toBeInstanceOf(ForbiddenError)
    await expect(refused).rejects.toMatchObject({ userMessage: "An admin's account cannot be suspended." })
    expect(calls.map((c) => [c.url.pathname, Object.fromEntries(c.body)])).toEqual([
      ['/v1/easel/moderation/item', { kind: 'novel', target_id: '5', action: 'hide', note: 'spoilers' }],
      ['/v1/easel/moderation/report/dismiss', { report_id: '8' }],
      ['/v1/easel/moderation/user', { user_id: '2', action: 'suspend' }],
    ])
  })

  it('asks how moderation sees one target now, with the table’s names, into the camelCase model', async () => {
    const { client, calls } = setup(() =>
      json({ target: { ...target, kind: 'user', id: 5, label: 'Mallory', held: true, on: undefined } }),
    )
    const now = await client.moderationTarget('user', 5)
    expect(calls.map((c) => [c.method, c.url.pathname, Object.fromEntries(c.url.searchParams)])).toEqual([
      ['GET', '/v1/easel/moderation/target', { kind: 'user', target_id: '5' }],
    ])
    expect(now).toMatchObject({ kind: 'user', id: 5, label: 'Mallory', held: true, exists: true })
  })
})
