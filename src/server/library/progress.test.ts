import { expect, it } from 'vitest'
import { progressLine } from './progress.ts'

it('on a terminal: a bar filled as far as the import has got, the percentage, counts, rate and time left', () => {
  expect(progressLine(250, 1000, 2, true)).toBe('[######..................]  25% 250/1000 items, 125/s, ETA 6 s')
  expect(progressLine(1000, 1000, 4, true)).toBe('[########################] 100% 1000/1000 items, 250/s, ETA 0 s')
})

it('in a log: the same figures without the bar; nothing found is no division by zero', () => {
  expect(progressLine(250, 1000, 2, false)).toBe('250/1000 items, 125/s, ETA 6 s')
  expect(progressLine(0, 0, 0, true)).toBe('[........................]   0% 0/0 items, 0/s, ETA 0 s')
})
