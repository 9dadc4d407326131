import type { WirePublicity } from '../../api/wire-responses.ts'
import { birthFields, type BirthPublicity } from './birth.ts'

// The fields of /v1/user/detail's profile that the user's profile_publicity governs (reference §"/v1/user/detail"):
// a `private` one is the user's own to see, a `mypixiv` one also their mutual follows'; anyone else gets the value the
// field has when it is not set. `pawoo` is a switch: false keeps the Pawoo link to the user themself.

export interface Publicity extends BirthPublicity {
  gender?: WirePublicity
  region?: WirePublicity
  job?: WirePublicity
  pawoo?: boolean
}

/** The governed fields as the caller may see them; `sees` says whether the caller may see a field of a publicity. */
export function governedProfileFields(
  profile: Record<string, unknown>,
  publicity: Publicity | undefined,
  sees: (p: WirePublicity) => boolean,
) {
  const shown = (p: WirePublicity | undefined) => sees(p ?? 'public')
  const region = shown(publicity?.region)
  const job = shown(publicity?.job)
  return {
    // 'unknown' is how the wire says a gender that is not set (reference §20)
    gender: shown(publicity?.gender) ? (profile.gender ?? 'unknown') : 'unknown',
    ...birthFields(profile.birth, publicity, sees),
    region: region ? (profile.region ?? '') : '',
    address_id: region ? (profile.address_id ?? 0) : 0,
    country_code: region ? (profile.country_code ?? '') : '',
    job: job ? (profile.job ?? '') : '',
    job_id: job ? (profile.job_id ?? 0) : 0,
    pawoo_url: publicity?.pawoo === false && !sees('private') ? '' : (profile.pawoo_url ?? ''),
  }
}
