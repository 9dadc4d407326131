import { Lru } from '../lru.ts'
import { RawJson } from '../wire/raw-json.ts'

/** A novel's text, and the same text as a JSON string literal, encoded once (what an answer's `novel_text` is). */
export interface NovelText {
  text: string
  json: RawJson
}

/**
 * Novels' texts by id, kept as read and as the JSON of an answer: a novel's text is the largest thing its page reads,
 * and reading, escaping and encoding it again for every reader was a third of the time of /v1/novel/text. Bounded in
 * bytes (the text at two bytes a character, its JSON's UTF-8). A write that changes a text names its novel on the cache
 * bus (services/cache-bus.ts), which forgets it here; a text read while such a change arrives is answered, not kept.
 */
export class NovelTextCache {
  private readonly lru: Lru<NovelText>
  /** moves on every change: a read that began before one does not keep what it read */
  private epoch = 0

  constructor(maxEntries: number, maxBytes: number) {
    this.lru = new Lru(maxEntries, { maxBytes, sizeOf: (t) => 64 + 2 * t.text.length + t.json.bytes.length })
  }

  /** The text of the novel: kept, or read by `read` (undefined: the novel has none). */
  async get(id: number, read: () => Promise<string | undefined>): Promise<NovelText> {
    const kept = this.lru.get(String(id))
    if (kept) return kept
    const epoch = this.epoch
    const text = (await read()) ?? ''
    const entry = { text, json: new RawJson(JSON.stringify(text)) }
    if (epoch === this.epoch) this.lru.set(String(id), entry)
    return entry
  }

  /** The novel's text changed (or it is gone). */
  forget(id: number) {
    this.epoch++
    this.lru.delete(String(id))
  }

  clear() {
    this.epoch++
    this.lru.clear()
  }
}
