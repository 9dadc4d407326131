// npx tsx src/server/generator/cli.ts --out FILE|postgres://… [--seed N] [--size default|large] [--works N] [--novels N]
//   [--users N] [--now UNIX_SECONDS] [--password PW] [--hostile]
import { statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { DEFAULT_SIZE, generateCatalogue, LARGE_SIZE } from './generate.ts'
import { startOfJstDay } from '../calendar.ts'
import { generateIntoPostgres } from '../data/postgres/open-catalogue.ts'
import { isPostgresUrl } from '../config.ts'

// Without --now the catalogue's "today" is the start of the current JST day, as the service's first start makes it.
const DEFAULT_NOW = startOfJstDay(Math.floor(Date.now() / 1000))
const DEFAULT_SEED = 20261101

function whole(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined) return fallback
  const n = Number(v)
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number ≥ 0, not "${v}"`)
  return n
}

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      seed: { type: 'string' },
      size: { type: 'string' },
      works: { type: 'string' },
      novels: { type: 'string' },
      users: { type: 'string' },
      now: { type: 'string' },
      password: { type: 'string' },
      hostile: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help || !values.out) {
    console.log(
      'usage: tsx src/server/generator/cli.ts --out FILE|postgres://… [--seed N] [--size default|large] [--works N] [--novels N] [--users N] [--now UNIX_S] [--password PW] [--hostile]',
    )
    process.exit(values.help ? 0 : 2)
  }
  const sizeName = values.size ?? 'default'
  const base = sizeName === 'large' ? LARGE_SIZE : sizeName === 'default' ? DEFAULT_SIZE : null
  if (!base) throw new Error(`--size must be default or large, not "${sizeName}"`)
  const opts = {
    seed: whole('seed', values.seed, DEFAULT_SEED),
    works: whole('works', values.works, base.works),
    novels: whole('novels', values.novels, base.novels),
    users: whole('users', values.users, base.users),
    now: whole('now', values.now, DEFAULT_NOW),
    demoPassword: values.password ?? 'demo',
    hostileCorpus: values.hostile ?? false,
  }
  // peak resident memory of this process (the generator holds no list of all works, bookmarks or comments)
  const peakMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0)
  const size = `${opts.users} users, ${opts.works} works, ${opts.novels} novels (seed ${opts.seed})`
  if (isPostgresUrl(values.out)) {
    // through a temporary SQLite file and db:copy (data/postgres/open-catalogue.ts), into an empty database
    const r = await generateIntoPostgres(values.out, opts)
    console.log(
      `generated ${redactedUrl(values.out)}: ${size}, ${r.rows} rows; generation ${(r.generateMs / 1000).toFixed(1)} s, db:copy ${(r.copyMs / 1000).toFixed(1)} s; peak RSS ${peakMb()} MB`,
    )
    return
  }
  const r = generateCatalogue(values.out, opts)
  const mb = (statSync(values.out).size / 1048576).toFixed(1)
  console.log(`generated ${values.out}: ${size} in ${(r.ms / 1000).toFixed(1)} s, ${mb} MB; peak RSS ${peakMb()} MB`)
}

/** The URL without its password, for the output. */
function redactedUrl(url: string): string {
  const u = new URL(url)
  if (u.password) u.password = '***'
  return u.href
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
