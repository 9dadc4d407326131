// User accounts: names, unique accounts, profiles.
import type { UserRecord } from '../data/records.ts'
import { pathDate } from '../images/paths.ts'
import type { Rng } from './random.ts'
import {
  BIO_LINES,
  COUNTRIES,
  FAMILY_NAMES,
  GIVEN_NAMES,
  HANDLE_SUFFIXES,
  JOBS,
  JP_PEN_NAMES,
  KANA_HANDLE_HEADS,
  KANA_HANDLE_TAILS,
  PREFECTURES,
  ROMAJI_SYLLABLES,
  WORKSPACE,
} from './words.ts'

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** A display name and an account base (a-z0-9_). */
function penName(rng: Rng): [string, string] {
  switch (rng.bucket([0.3, 0.3, 0.2, 0.2])) {
    case 0: {
      const g = rng.pick(GIVEN_NAMES)
      const f = rng.pick(FAMILY_NAMES)
      return rng.chance(0.5) ? [`${g} ${f}`, `${g}_${f}`.toLowerCase()] : [g, g.toLowerCase()]
    }
    case 1: {
      let h = ''
      for (let i = rng.int(2, 3); i > 0; i--) h += rng.pick(ROMAJI_SYLLABLES)
      const suffix = rng.chance(0.6) ? rng.pick(HANDLE_SUFFIXES) : ''
      return [cap(h) + suffix, (h + suffix).toLowerCase()]
    }
    case 2: {
      const [h, hr] = rng.pick(KANA_HANDLE_HEADS)
      const [t, tr] = rng.pick(KANA_HANDLE_TAILS)
      return [h + t, hr + tr]
    }
    default: {
      const [jp, romaji] = rng.pick(JP_PEN_NAMES)
      const tail = rng.pick(['@お仕事募集中', '＠ついった', '🌙', '(low activity)', '☆', ''])
      return [jp + tail, `${romaji}_${rng.pick(ROMAJI_SYLLABLES)}`]
    }
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0')
const PUBLICITY = ['public', 'private', 'mypixiv'] as const
/** Still draws its publicity, so every later draw of the generator stays where it was. */
const privateYear = (_drawn: (typeof PUBLICITY)[number]) => 'private' as const

function profile(rng: Rng, account: string): Record<string, unknown> {
  const hasBirth = rng.chance(0.5)
  const year = rng.int(1975, 2007)
  const month = rng.int(1, 12)
  const day = rng.int(1, 28)
  const birthYearOnlyDay = hasBirth && rng.chance(0.3)
  const addr = rng.bucket([0.3, 0.6, 0.1])
  const addressId = addr === 0 ? 0 : addr === 1 ? rng.int(1, 47) : 48
  const country = addr === 2 ? rng.pick(COUNTRIES) : null
  const jobId = rng.chance(0.6) ? rng.int(1, JOBS.length) : 0
  const twitter = rng.chance(0.5)
  const workspaceFilled = rng.chance(0.4)
  const ws = (key: string) => (workspaceFilled && rng.chance(0.7) ? rng.pick(WORKSPACE[key]!) : '')
  return {
    webpage: rng.chance(0.3) ? `https://${account.replace(/_/g, '-')}.example.net/` : null,
    gender: rng.pick(['male', 'female', 'unknown', 'unknown']),
    // The whole date is kept; /v1/user/detail shows what profile_publicity allows (wire/birth.ts).
    birth: hasBirth ? `${year}-${pad2(month)}-${pad2(day)}` : '',
    region: addressId === 0 ? '' : country ? country[1] : `Japan ${PREFECTURES[addressId - 1]}`,
    address_id: addressId,
    country_code: addressId === 0 ? '' : country ? country[0] : 'JP',
    job: jobId ? JOBS[jobId - 1] : '',
    job_id: jobId,
    twitter_account: twitter ? account : '',
    twitter_url: twitter ? `https://twitter.com/${account}` : '',
    pawoo_url: rng.chance(0.05) ? `https://pawoo.net/@${account}` : '',
    // The user route sets the banner from the profile hash (images/paths.ts hasBackground).
    background_image_url: '',
    is_using_custom_profile_image: rng.chance(0.85),
    workspace: {
      pc: ws('pc'),
      monitor: ws('monitor'),
      tool: ws('tool'),
      scanner: ws('scanner'),
      tablet: ws('tablet'),
      mouse: ws('mouse'),
      printer: ws('printer'),
      desktop: ws('desktop'),
      music: ws('music'),
      desk: ws('desk'),
      chair: ws('chair'),
      comment: ws('comment'),
      workspace_image_url: null,
    },
    profile_publicity: {
      gender: rng.pick(PUBLICITY),
      region: rng.pick(PUBLICITY),
      birth_day: rng.pick(PUBLICITY),
      // people who give only the day of their birthday keep the year private
      birth_year: birthYearOnlyDay ? privateYear(rng.pick(PUBLICITY)) : rng.pick(PUBLICITY),
      job: rng.pick(PUBLICITY),
      pawoo: rng.chance(0.5),
    },
  }
}

function bio(rng: Rng, account: string): string {
  if (rng.chance(0.15)) return ''
  const lines: string[] = []
  for (let i = rng.int(1, 3); i > 0; i--) lines.push(rng.pick(BIO_LINES).replaceAll('{account}', account))
  return [...new Set(lines)].join('\n')
}

export interface UserBuildOptions {
  users: number
  now: number
  passwordHash: string
}

/** Builds users 1..n; user 1 is the demo account. */
export function buildUsers(rng: Rng, opts: UserBuildOptions): UserRecord[] {
  const taken = new Set<string>(['demo'])
  const out: UserRecord[] = []
  for (let id = 1; id <= opts.users; id++) {
    let name: string
    let account: string
    if (id === 1) {
      name = 'Demo'
      account = 'demo'
    } else {
      const [n, base] = penName(rng)
      name = n
      account = base.replace(/[^a-z0-9_]/g, '').slice(0, 24) || 'user'
      if (taken.has(account)) {
        let k = rng.int(1, 99)
        while (taken.has(`${account}${k}`)) k++
        account = `${account}${k}`
      }
      taken.add(account)
    }
    // profile image uploaded sometime in the 8 years before now
    const profileTs = opts.now - rng.int(86400, 8 * 365 * 86400)
    out.push({
      id,
      name,
      account,
      comment:
        id === 1
          ? 'The demo account. Everything here is generated.\nSee the README for the password.'
          : bio(rng, account),
      passwordHash: opts.passwordHash,
      xRestrict: id === 1 ? 2 : rng.bucket([0.4, 0.45, 0.15]),
      isPremium: id === 1 ? true : rng.chance(0.2),
      // the demo account is the demo catalogue's admin
      ...(id === 1 ? { role: 'admin' as const } : {}),
      profileDate: pathDate(profileTs),
      profileHash: rng.hex(32),
      profile: profile(rng, account),
    })
  }
  return out
}
