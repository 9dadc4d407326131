// pixiv's search query language (DESIGN.md §2.4), parsed into a small boolean tree. Pure: no SQL, no HTTP.
//
//   A B          both (words are separated by spaces, full-width U+3000 included)
//   A OR B       either; only upper-case `OR` is the operator (`or` is a word, `"OR"` searches for OR)
//   -A           not A (the `-` must start the word: `R-18` is one word)
//   (A OR B) C   parentheses group, and nest
//   "A B"        a phrase: one term that contains the space
//
// Precedence: OR binds tighter than the implicit AND, as on Google (pixiv's help and the pixiv encyclopedia document
// the operators but not their precedence), so `A OR B C` is `(A OR B) AND C`; `-` binds tightest, so `C -A OR B` is
// `C AND ((NOT A) OR B)`.
//
// A parenthesis is an operator only where it opens a word or closes one unbalanced: `ハルカ(アニポケ)` is one word
// (pixiv's tags often end in a bracketed qualifier), `(ハルカ(アニポケ))` is that word in a group.
//
// A query that does not parse is searched as plain words, as before operators existed: split at spaces, every piece a
// literal word that must match. Malformed means: unbalanced parentheses or quotes, `OR` without a term on both sides,
// `-` followed by nothing, an empty group `()`, empty quotes `""`, or a query that a work could satisfy without matching
// any term (`-A`, `-A -B`, `A OR -B`): pixiv has no "everything except" search. Never an error, except past the size
// bounds below.

export type QueryNode =
  | { kind: 'term'; text: string }
  | { kind: 'not'; node: QueryNode }
  | { kind: 'and'; nodes: QueryNode[] }
  | { kind: 'or'; nodes: QueryNode[] }

export interface ParsedQuery {
  /** The normalized tree: groups of one unwrapped, nested ANDs and ORs flattened, double negations removed. */
  root: QueryNode
  /** true when the input did not parse and `root` is the AND of its space-separated pieces */
  plain: boolean
}

/** More terms than pixiv's own form lets one type in practice; each term costs the database a lookup. */
export const MAX_TERMS = 30
/** Parenthesis depth; deeper nesting says nothing a flatter query could not. */
export const MAX_DEPTH = 10

/** A query past the size bounds (or empty): the one case the caller should refuse (400) rather than search. */
export class QueryRefusedError extends Error {}

type Token =
  | { t: 'term'; text: string; phrase: boolean }
  | { t: 'or' }
  | { t: 'not' }
  | { t: 'open' }
  | { t: 'close' }
  /** something that makes the query malformed (an unclosed quote, empty quotes, a lone `-`) */
  | { t: 'bad' }

const SEPARATOR = /[\s\u3000]/
const splitWords = (input: string) => input.split(/[\s\u3000]+/).filter(Boolean)

/** Tokens of one query; never throws. */
function tokenize(input: string): Token[] {
  const out: Token[] = []
  let i = 0
  const n = input.length
  while (i < n) {
    if (SEPARATOR.test(input[i]!)) {
      i++
      continue
    }
    // Prefix operators at the start of a word: `(`, `-` (not when the `-` is the whole word).
    const c = input[i]!
    if (c === '(') {
      out.push({ t: 'open' })
      i++
      continue
    }
    if (c === '-') {
      const next = input[i + 1]
      out.push(next === undefined || SEPARATOR.test(next) ? { t: 'bad' } : { t: 'not' })
      i++
      continue
    }
    if (c === '"') {
      const end = input.indexOf('"', i + 1)
      if (end < 0) {
        out.push({ t: 'bad' })
        i = n
        continue
      }
      const text = input.slice(i + 1, end).trim()
      out.push(text ? { t: 'term', text, phrase: true } : { t: 'bad' })
      i = end + 1
      // A phrase may be closed by `)` at once: `("A B")`.
      while (input[i] === ')') {
        out.push({ t: 'close' })
        i++
      }
      continue
    }
    let j = i
    while (j < n && !SEPARATOR.test(input[j]!)) j++
    let word = input.slice(i, j)
    i = j
    // Trailing `)` close a group unless the word opened them itself (balanced brackets belong to the word).
    let closes = 0
    let depth = 0
    for (const ch of word) depth += ch === '(' ? 1 : ch === ')' ? -1 : 0
    while (word.endsWith(')') && depth < 0) {
      word = word.slice(0, -1)
      closes++
      depth++
    }
    if (word === 'OR') out.push({ t: 'or' })
    else if (word) out.push({ t: 'term', text: word, phrase: false })
    for (let k = 0; k < closes; k++) out.push({ t: 'close' })
  }
  return out
}

class Malformed extends Error {}

/** Recursive descent over the tokens; throws Malformed on anything the grammar does not take. */
function parseTokens(tokens: Token[]): QueryNode {
  let pos = 0
  const peek = () => tokens[pos]
  const startsUnary = (tok: Token | undefined) => tok !== undefined && ['term', 'not', 'open'].includes(tok.t)

  // and := or+   (juxtaposition)
  const parseAnd = (depth: number): QueryNode => {
    const nodes: QueryNode[] = []
    while (startsUnary(peek())) nodes.push(parseOr(depth))
    if (nodes.length === 0) throw new Malformed()
    return nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes }
  }
  // or := unary ('OR' unary)*
  const parseOr = (depth: number): QueryNode => {
    const nodes = [parseUnary(depth)]
    while (peek()?.t === 'or') {
      pos++
      if (!startsUnary(peek())) throw new Malformed()
      nodes.push(parseUnary(depth))
    }
    return nodes.length === 1 ? nodes[0]! : { kind: 'or', nodes }
  }
  // unary := '-' unary | term | '(' and ')'
  const parseUnary = (depth: number): QueryNode => {
    const tok = tokens[pos++]
    if (!tok) throw new Malformed()
    switch (tok.t) {
      case 'not':
        if (!startsUnary(peek())) throw new Malformed()
        return { kind: 'not', node: parseUnary(depth) }
      case 'term':
        return { kind: 'term', text: tok.text }
      case 'open': {
        if (depth + 1 > MAX_DEPTH)
          throw new QueryRefusedError(`word must not nest parentheses deeper than ${MAX_DEPTH}`)
        const inner = parseAnd(depth + 1)
        if (tokens[pos++]?.t !== 'close') throw new Malformed()
        return inner
      }
      default:
        throw new Malformed()
    }
  }

  if (tokens.some((t) => t.t === 'bad')) throw new Malformed()
  // Unbalanced brackets are malformed even when deep, so only a well-formed deep query is refused.
  let open = 0
  for (const t of tokens) {
    open += t.t === 'open' ? 1 : t.t === 'close' ? -1 : 0
    if (open < 0) throw new Malformed()
  }
  if (open !== 0) throw new Malformed()
  const root = parseAnd(0)
  if (pos !== tokens.length) throw new Malformed()
  return root
}

/** Flattens same-kind nesting and removes double negation, so equivalent spellings share one cache key and plan. */
export function normalize(node: QueryNode): QueryNode {
  switch (node.kind) {
    case 'term':
      return node
    case 'not': {
      const inner = normalize(node.node)
      return inner.kind === 'not' ? inner.node : { kind: 'not', node: inner }
    }
    case 'and':
    case 'or': {
      const nodes = node.nodes.map(normalize).flatMap((c) => (c.kind === node.kind ? c.nodes : [c]))
      return nodes.length === 1 ? nodes[0]! : { kind: node.kind, nodes }
    }
  }
}

/** Can a work match without matching some term? (NOT alone, or an OR with such a branch.) pixiv needs a positive term. */
function positive(node: QueryNode): boolean {
  switch (node.kind) {
    case 'term':
      return true
    case 'not':
      return false
    case 'and':
      return node.nodes.some(positive)
    case 'or':
      return node.nodes.every(positive)
  }
}

/** The query's terms' texts, left to right, negated ones included. */
export function termTexts(node: QueryNode): string[] {
  switch (node.kind) {
    case 'term':
      return [node.text]
    case 'not':
      return termTexts(node.node)
    default:
      return node.nodes.flatMap(termTexts)
  }
}

export const countTerms = (node: QueryNode): number => termTexts(node).length

function plainWords(input: string): QueryNode {
  const nodes: QueryNode[] = splitWords(input).map((text) => ({ kind: 'term', text }))
  return nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes }
}

/**
 * Parses a search query. Throws QueryRefusedError past MAX_TERMS terms or MAX_DEPTH nesting, and only then; a
 * malformed query comes back as plain words (`plain: true`). The input must contain a non-space character.
 */
export function parseQuery(input: string): ParsedQuery {
  const words = splitWords(input)
  if (!words.length) throw new QueryRefusedError('word is required')
  // Most queries are plain words: skip the parser for them (it costs ~20× more, on every cached page request too).
  if (words.every((w) => !/^[-("]|\)$|^OR$/.test(w))) {
    if (words.length > MAX_TERMS) throw new QueryRefusedError(`word must have at most ${MAX_TERMS} search terms`)
    return { root: plainWords(input), plain: false }
  }
  let root: QueryNode
  let plain = false
  try {
    root = normalize(parseTokens(tokenize(input)))
    if (!positive(root)) throw new Malformed()
  } catch (e) {
    if (!(e instanceof Malformed)) throw e
    root = plainWords(input)
    plain = true
  }
  const terms = countTerms(root)
  if (terms > MAX_TERMS) throw new QueryRefusedError(`word must have at most ${MAX_TERMS} search terms`)
  return { root, plain }
}

/** The word autocomplete should complete: the last term typed, without operators, quotes or brackets ('' if none). */
export function lastPlainWord(input: string): string {
  // A phrase still being typed (an odd quote) is the word being completed.
  if ((input.match(/"/g)?.length ?? 0) % 2 === 1) {
    const tail = input.slice(input.lastIndexOf('"') + 1).trim()
    if (tail) return tail
  }
  const terms = tokenize(input).filter((t) => t.t === 'term')
  if (terms.length) return terms[terms.length - 1]!.text
  // Only operators and stray marks: whatever text is left once they are taken away.
  const rest = splitWords(input.replace(/["()]/g, ' '))
    .map((w) => w.replace(/^-+/, ''))
    .filter((w) => w && w !== 'OR')
  return rest[rest.length - 1] ?? ''
}
