import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The architecture's rules as `npm run lint` enforces them (eslint.config.js): each case lints a probe module at a real
// path of the tree (its text given here, nothing written) whose one import targets a real file, and reads which
// boundary rule, if any, refuses it. The cycle case needs files on disk: the cycle rule reads the imported modules.

const root = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })

const BOUNDARY = 'import-x/no-restricted-paths'
const CYCLE = 'import-x/no-cycle'

/** The import-x findings on `code` as if it were the file at `file` (relative to the repository's root). */
async function findings(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => `${m.ruleId}: ${m.message}`)
}

/** The path from `file`'s folder to `target`, both relative to the root, spelled as the code base spells imports. */
const rel = (file: string, target: string) => {
  const spec = path.relative(path.dirname(file), target).split(path.sep).join('/')
  return spec.startsWith('.') ? spec : `./${spec}`
}

// One real module per part, for probes to import.
const SERVICE = 'src/server/services/visibility.ts'
const SHELL = 'src/app/preload.ts'
const WORKS = 'src/features/works/api/work-queries.ts'
const NOVELS = 'src/features/novels/api/novel-queries.ts'
const SHARED = 'src/lib/paths.ts'
const COMPONENT = 'src/components/states.tsx'
const CONTRACT = 'src/api/cursor.ts'

describe('lint: the architecture boundaries', () => {
  it.each([
    ['a feature', 'src/features/works/probe.ts', NOVELS, 'another feature'],
    ['a feature', 'src/features/novels/reader/probe.tsx', WORKS, 'another feature'],
    // the seven "never" arrows
    ['the contract → the service', 'src/api/probe.ts', SERVICE, 'imports neither'],
    ['the contract → a feature', 'src/api/probe.ts', WORKS, 'imports neither'],
    ['the service → a feature', 'src/server/routes/probe.ts', WORKS, 'never imports the gallery'],
    ['the service → the shell', 'src/server/probe.ts', SHELL, 'never imports the gallery'],
    ['a feature → the service', 'src/features/works/probe.ts', SERVICE, 'never imports the service'],
    ['shared code → a feature', 'src/lib/probe.ts', WORKS, 'never imports a feature'],
    ['a component → a feature', 'src/components/probe.tsx', NOVELS, 'never imports a feature'],
    ['a feature → the shell', 'src/features/works/components/probe.tsx', SHELL, 'never imports the shell'],
    // the rest of the gallery → the service
    ['the shell → the service', 'src/app/routes/probe.tsx', SERVICE, 'never imports the service'],
    ['the entry → the service', 'src/main.tsx', SERVICE, 'never imports the service'],
    ['shared code → the service', 'src/lib/probe.test.ts', SERVICE, 'never imports the service'],
    ['a component → the service', 'src/components/probe.tsx', SERVICE, 'never imports the service'],
    // the whole endpoint table: the gallery takes its halves, so the first script does not carry the account's
    ['shared code → the whole table', 'src/lib/probe.ts', 'src/api/endpoints.ts', 'by its halves'],
    ['a feature → the whole table', 'src/features/works/probe.ts', 'src/api/endpoints.ts', 'by its halves'],
  ])('%s: %s importing %s fails', async (_what, file, target, says) => {
    const found = await findings(file, `import * as m from '${rel(file, target)}'\nexport const probe = m\n`)
    expect(found).toHaveLength(1)
    expect(found[0]).toContain(BOUNDARY)
    expect(found[0]).toContain(says)
  })

  it('holds for every spelling of an import: re-export, import(), a type-only import', async () => {
    const file = 'src/features/works/probe.ts'
    const spec = rel(file, NOVELS)
    expect(await findings(file, `export { novelQueries } from '${spec}'\n`)).toHaveLength(1)
    expect(await findings(file, `export const load = () => import('${spec}')\n`)).toHaveLength(1)
    expect(
      await findings(file, `import type { novelQueries } from '${spec}'\nexport type T = typeof novelQueries\n`),
    ).toHaveLength(1)
  })

  it.each([
    ['a feature → its own modules', 'src/features/works/components/probe.tsx', WORKS],
    ['a feature → shared code', 'src/features/works/probe.ts', SHARED],
    ['a feature → a component', 'src/features/novels/probe.tsx', COMPONENT],
    ['a feature → the contract', 'src/features/works/probe.ts', CONTRACT],
    ['the shell → a feature', 'src/app/routes/probe.tsx', NOVELS],
    ['the shell → shared code', 'src/app/probe.ts', SHARED],
    ['shared code → shared code', 'src/components/probe.tsx', SHARED],
    ['shared code → the contract', 'src/lib/probe.ts', CONTRACT],
    ['the service → the contract', 'src/server/routes/probe.ts', CONTRACT],
    ['the service → the service', 'src/server/routes/probe.ts', SERVICE],
  ])('%s passes (%s importing %s)', async (_what, file, target) => {
    expect(await findings(file, `import * as m from '${rel(file, target)}'\nexport const probe = m\n`)).toEqual([])
  })
})

describe('lint: import cycles', () => {
  // Inside src/, where the config lints; a name no one else uses, removed afterwards whatever happens.
  const dir = path.join(root, 'src', `lint-cycle-probe-${process.pid}`)
  const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text)

  beforeAll(() => {
    mkdirSync(dir, { recursive: true })
    // a → b → c → a: the cycle; d → a: no cycle through d.
    write('a.ts', `import { b } from './b.ts'\nexport const a = () => b()\n`)
    write('b.ts', `import { c } from './c.ts'\nexport const b = () => c()\n`)
    write('c.ts', `export const c = () => import('./a.ts')\n`)
    write('d.ts', `import { a } from './a.ts'\nexport const d = () => a()\n`)
    // e ⇄ f by types only: erased, so no cycle.
    write('e.ts', `import type { F } from './f.ts'\nexport type E = { f?: F }\nexport const e = 1\n`)
    write('f.ts', `import { e } from './e.ts'\nexport type F = { e: typeof e }\n`)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('modules importing each other in a circle fail, an import() among them too; the others pass', async () => {
    const results = await eslint.lintFiles([dir])
    const cycles = Object.fromEntries(
      results.map((r) => [path.basename(r.filePath), r.messages.filter((m) => m.ruleId === CYCLE).length]),
    )
    expect(cycles).toEqual({ 'a.ts': 1, 'b.ts': 1, 'c.ts': 1, 'd.ts': 0, 'e.ts': 0, 'f.ts': 0 })
  })
})

describe('lint: the service reads request variables with c.get', () => {
  it("refuses c.var in the service, and lets c.get('…') through", async () => {
    const rule = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, 'src/server/routes/probe.ts') })
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-properties').map((m) => m.message)
    }
    const head = "import type { AppContext } from '../context.ts'\n"
    expect(await rule(`${head}export const probe = (c: AppContext) => c.var.caller\n`)).toEqual([
      expect.stringContaining("c.get('name')"),
    ])
    expect(await rule(`${head}export const probe = (c: AppContext) => c.get('caller')\n`)).toEqual([])
  })
})
