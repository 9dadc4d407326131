// The list a work was opened from, so the detail view can step to the previous and next work of that list
// (DESIGN.md §3.4) — also after a reload, hence sessionStorage.

const KEY = 'easel.source-list'
const MAX_IDS = 5000

interface SourceList {
  listKey: string
  ids: number[]
}

let current: SourceList | undefined

function read(): SourceList | undefined {
  if (current) return current
  try {
    const raw = sessionStorage.getItem(KEY)
    current = raw ? (JSON.parse(raw) as SourceList) : undefined
  } catch {
    current = undefined
  }
  return current
}

/** Lists call this whenever their loaded items change; the most recent list wins. */
export function rememberSourceList(listKey: string, ids: readonly number[]) {
  current = { listKey, ids: ids.slice(0, MAX_IDS) }
  try {
    sessionStorage.setItem(KEY, JSON.stringify(current))
  } catch {
    // storage full or unavailable: prev/next still works for this page's lifetime
  }
}

/** The works before and after `id` in the remembered list, if it holds `id`. */
export function neighboursIn(id: number): { prev?: number; next?: number; listKey?: string } {
  const list = read()
  const i = list ? list.ids.indexOf(id) : -1
  if (!list || i < 0) return {}
  return { prev: list.ids[i - 1], next: list.ids[i + 1], listKey: list.listKey }
}
