// A small wrapper over autocannon: warm up, then measure one endpoint (one path, or a list of paths taken in turn
// across all connections) and reduce the result to the figures the report needs.

import autocannon from 'autocannon'

export interface LoadOptions {
  origin: string
  /** one path, or several: requests cycle through them */
  paths: readonly string[]
  headers?: Record<string, string>
  connections: number
  durationS: number
  warmupS: number
  /** Instead of a duration: send exactly this many requests (no warm-up), e.g. each of `paths` once. */
  amount?: number
}

export interface LoadFigures {
  reqPerSec: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  requests: number
  non2xx: number
  /** connection errors, not counting timeouts */
  errors: number
  /** requests that got no answer within 10 s */
  timeouts: number
  statusCodes: Record<string, number>
  durationS: number
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)))
  })
}

function cannonOptions(options: LoadOptions, durationS: number, amount?: number): autocannon.Options {
  const { paths } = options
  if (paths.length === 0) throw new Error('no paths to request')
  let next = 0
  const requests: autocannon.Request[] =
    paths.length === 1
      ? [{ method: 'GET', path: paths[0] }]
      : [
          {
            method: 'GET',
            setupRequest: (request) => {
              const path = paths[next % paths.length]
              next++
              return { ...request, path }
            },
          },
        ]
  return {
    url: options.origin,
    connections: options.connections,
    ...(amount ? { amount } : { duration: durationS }),
    timeout: 10,
    headers: options.headers ?? {},
    requests,
  }
}

export async function measure(options: LoadOptions): Promise<LoadFigures> {
  if (options.warmupS > 0 && !options.amount) await run(cannonOptions(options, options.warmupS))
  const result = await run(cannonOptions(options, options.durationS, options.amount))
  const statusCodes: Record<string, number> = {}
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count
  const requests = Object.values(statusCodes).reduce((a, b) => a + b, 0)
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests,
    non2xx: result.non2xx,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    statusCodes,
    durationS: result.duration,
  }
}
