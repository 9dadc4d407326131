import { expect } from 'vitest'
import type { Repositories } from '../data/repositories.ts'
import type { BothEngines } from './repository-parity.ts'

// Asking both engines the same question (repository-parity.ts) and comparing the answers: Maps and Sets compare as
// their sorted entries (an engine's row order in a map or set is no part of the answer), rejections by their class and
// message (the same error on both engines).

type Plain = null | boolean | number | string | Plain[] | { [k: string]: Plain }

const order = (a: Plain, b: Plain) => {
  const x = JSON.stringify(a)
  const y = JSON.stringify(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** The value with Maps and Sets as sorted arrays, recursively. */
export function plain(v: unknown): Plain {
  if (v === undefined || v === null) return null
  if (v instanceof Map) return [...v].map(([k, x]) => [plain(k), plain(x)] as Plain).sort(order)
  if (v instanceof Set) return [...v].map(plain).sort(order)
  if (Array.isArray(v)) return v.map(plain)
  if (typeof v === 'object')
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, plain(x)]))
  return v as Plain
}

/** What a call came to: its answer, or the error it was rejected with (class and message). */
export async function settle<T>(p: Promise<T>): Promise<{ ok: Plain } | { error: string }> {
  try {
    return { ok: plain(await p) }
  } catch (e) {
    return { error: `${(e as Error).constructor.name}: ${(e as Error).message}` }
  }
}

/** Asks both engines (SQLite first, then PostgreSQL: a write lands on each in the same order) and expects one answer. */
export async function expectSame<T>(engines: BothEngines, ask: (r: Repositories) => Promise<T>, label: string) {
  const lite = await settle(ask(engines.sqlite))
  const pg = await settle(ask(engines.pg))
  expect(pg, label).toEqual(lite)
  return lite
}

/** Offsets that walk a list of `n` to its end and past it: the start, a middle, the last few, the end, beyond. */
export function offsetsOf(n: number, limit: number): number[] {
  return [...new Set([0, Math.floor(n / 2), Math.max(n - limit, 0), Math.max(n - 1, 0), n, n + 5])]
}
