import { describe, expect, it } from 'vitest'
import { workStepForKey, type KeyLike } from './keyboard.ts'

const key = (k: string, target: EventTarget | null = document.body, extra: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  defaultPrevented: false,
  target,
  ...extra,
})

describe('workStepForKey', () => {
  it('maps the arrow keys to previous and next', () => {
    expect(workStepForKey(key('ArrowLeft'))).toBe('prev')
    expect(workStepForKey(key('ArrowRight'))).toBe('next')
    expect(workStepForKey(key('ArrowUp'))).toBeNull()
  })

  it('leaves keys to text fields and widgets that use arrows', () => {
    const input = document.createElement('input')
    expect(workStepForKey(key('ArrowRight', input))).toBeNull()
    const book = document.createElement('div')
    book.setAttribute('data-own-arrows', '')
    const inner = document.createElement('button')
    book.append(inner)
    expect(workStepForKey(key('ArrowRight', inner))).toBeNull()
  })

  it('ignores modified and handled keys', () => {
    expect(workStepForKey(key('ArrowRight', document.body, { altKey: true }))).toBeNull()
    expect(workStepForKey(key('ArrowRight', document.body, { defaultPrevented: true }))).toBeNull()
  })
})
