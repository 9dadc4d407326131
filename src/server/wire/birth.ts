import type { WirePublicity } from '../../api/wire-responses.ts'

// The birth fields of /v1/user/detail's profile. The catalogue keeps a user's whole birth date; what a caller sees of
// it follows the user's profile_publicity: the day ("MM-DD") when birth_day is visible, the year when birth_year is,
// and the full date ("YYYY-MM-DD") only when both are. Anything hidden or unset answers "" / "" / 0 (reference §10).

export interface BirthFields {
  birth: string
  birth_day: string
  birth_year: number
}

export type BirthPublicity = { birth_day?: WirePublicity; birth_year?: WirePublicity }

const DATE = /^(\d{4})-(\d{2}-\d{2})$/

/**
 * `birth` is the stored date (`YYYY-MM-DD` or ""); `sees` says whether the caller may see a field of the given
 * publicity (the user themself sees all; `mypixiv` fields need a mutual follow).
 */
export function birthFields(
  birth: unknown,
  publicity: BirthPublicity | undefined,
  sees: (p: WirePublicity) => boolean,
): BirthFields {
  const m = typeof birth === 'string' ? DATE.exec(birth) : null
  if (!m) return { birth: '', birth_day: '', birth_year: 0 }
  const day = sees(publicity?.birth_day ?? 'public')
  const year = sees(publicity?.birth_year ?? 'public')
  return {
    birth: day && year ? m[0] : '',
    birth_day: day ? m[2]! : '',
    birth_year: year ? Number(m[1]) : 0,
  }
}
