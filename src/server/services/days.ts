// JST day numbers (days since 1970-01-01 in JST), the unit of rankings and activity.
const JST_S = 9 * 3600

export const dayOf = (ts: number) => Math.floor((ts + JST_S) / 86400)
/** The unix time at which a JST day begins. */
export const dayStart = (day: number) => day * 86400 - JST_S
export const dayToIso = (day: number) => new Date(day * 86400 * 1000).toISOString().slice(0, 10)
export const isoToDay = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86400000)
