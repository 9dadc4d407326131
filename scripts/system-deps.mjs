#!/usr/bin/env node
// The Debian packages `npm test` needs beside node_modules: Chromium for the end-to-end tests, gallery-dl for the
// real-client test (src/server/compat/gallery-dl.test.ts), CJK fonts so Japanese titles render (and measure) as
// they do for users, and PostgreSQL's server binaries, from which the PostgreSQL tests start throwaway clusters of
// their own (src/server/testing/postgres.ts; no system service is used). Run first by `npm test` and by .ci/run: as root with apt it installs what is missing; otherwise
// it stops at once with the command to run, rather than letting tests fail later for a reason that is not theirs.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export const PACKAGES = ['chromium', 'gallery-dl', 'fonts-noto-cjk', 'postgresql']

const onPath = (name) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => existsSync(path.join(dir, name)))

/** Without dpkg (not Debian), whether what a package brings is there anyway. */
const PROBES = {
  chromium: () => existsSync(process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium'),
  'gallery-dl': () => onPath('gallery-dl'),
  'fonts-noto-cjk': () => spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' }).stdout?.includes('Noto Sans CJK'),
  // the server's initdb, where Debian puts it (/usr/lib/postgresql/<major>/bin) or on the PATH
  postgresql: () =>
    onPath('initdb') ||
    (existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(path.join('/usr/lib/postgresql', v, 'bin', 'initdb')))),
}

function installed(pkg) {
  const q = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' })
  if (q.error) return Boolean(PROBES[pkg]?.())
  // a package removed but not purged reports "deinstall ok config-files"
  return q.status === 0 && q.stdout.trim() === 'install ok installed'
}

export const missingPackages = (packages = PACKAGES) => packages.filter((p) => !installed(p))

/**
 * What to do about the missing packages: nothing, install them (root with apt-get), or stop with the command a
 * person has to run.
 */
export function plan({ missing, root, apt }) {
  if (missing.length === 0) return { action: 'none' }
  const list = missing.join(' ')
  if (root && apt)
    return {
      action: 'install',
      commands: [
        ['apt-get', ['update']],
        ['apt-get', ['install', '-y', ...missing]],
      ],
    }
  const command = apt
    ? `sudo apt-get update && sudo apt-get install -y ${list}`
    : `apt-get update && apt-get install -y ${list}   # as root, on Debian or Ubuntu`
  return {
    action: 'fail',
    message: `npm test needs the system packages ${list}, which are not installed.\nRun:\n  ${command}`,
  }
}

function main() {
  const missing = missingPackages()
  const root = typeof process.getuid === 'function' && process.getuid() === 0
  const step = plan({ missing, root, apt: onPath('apt-get') })
  if (step.action === 'none') return 0
  if (step.action === 'fail') {
    console.error(step.message)
    return 1
  }
  console.log(`system-deps: installing ${missing.join(' ')}`)
  for (const [cmd, args] of step.commands) {
    const r = spawnSync(cmd, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (r.status !== 0) {
      console.error(`system-deps: \`${cmd} ${args.join(' ')}\` failed (${r.error?.message ?? `exit ${r.status}`})`)
      return 1
    }
  }
  const still = missingPackages(missing)
  if (still.length > 0) {
    console.error(`system-deps: still missing after apt-get install: ${still.join(' ')}`)
    return 1
  }
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) process.exit(main())
