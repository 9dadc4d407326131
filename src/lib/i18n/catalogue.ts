// The shape of a message catalogue, shared by the English source and its translations. A message is a string with
// `{name}` placeholders, or a plural: one string per plural category of the language (Intl.PluralRules), chosen by
// the `count` variable. English needs `one` and `other`; Japanese has only `other`.

export type PluralForms = Partial<Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>> & { other: string }

/** A plural message (a class, so that nothing else in a catalogue is ever taken for one). */
export class Plural {
  constructor(readonly forms: PluralForms) {}
}

/** `plural({ one: '{count} work', other: '{count} works' })` */
export const plural = (forms: PluralForms) => new Plural(forms)

export type Message = string | Plural

/** A translation of catalogue `T`: every key of `T`, no other, each a message of the same kind. */
export type CatalogueOf<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends Plural ? Plural : CatalogueOf<T[K]>
}

/** Every message's dotted key in catalogue `T`: `'works.bookmark'`. */
export type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends Message ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>
}[keyof T & string]

export interface Tree {
  [key: string]: Message | Tree
}

/** Every dotted key of a catalogue with its message, in order. */
export function* entries(tree: Tree, prefix = ''): Generator<[string, Message]> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string' || v instanceof Plural) yield [prefix + k, v]
    else yield* entries(v, `${prefix}${k}.`)
  }
}

/** The message at a dotted key, or undefined. */
export function lookup(tree: Tree, key: string): Message | undefined {
  let node: Message | Tree | undefined = tree
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || node instanceof Plural) return undefined
    node = node[part]
  }
  return typeof node === 'string' || node instanceof Plural ? node : undefined
}
