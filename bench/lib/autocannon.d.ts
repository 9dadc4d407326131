// Minimal declarations for the part of autocannon 8's programmatic API the benchmark uses.

declare module 'autocannon' {
  namespace autocannon {
    interface RequestParams {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string | Buffer
    }

    interface Request extends RequestParams {
      setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams | null | undefined
    }

    interface Options {
      url: string
      connections?: number
      duration?: number
      /** a number of requests to send instead of a duration */
      amount?: number
      pipelining?: number
      timeout?: number
      method?: string
      headers?: Record<string, string>
      requests?: Request[]
      excludeErrorStats?: boolean
    }

    interface Histogram {
      average: number
      mean: number
      stddev: number
      min: number
      max: number
      total: number
      p2_5: number
      p50: number
      p75: number
      p90: number
      p97_5: number
      p99: number
      p99_9: number
    }

    interface Result {
      url: string
      requests: Histogram
      latency: Histogram
      throughput: Histogram
      duration: number
      errors: number
      timeouts: number
      mismatches: number
      non2xx: number
      '1xx': number
      '2xx': number
      '3xx': number
      '4xx': number
      '5xx': number
      statusCodeStats: Record<string, { count: number }>
    }
  }

  function autocannon(
    options: autocannon.Options,
    callback: (err: Error | null, result: autocannon.Result) => void,
  ): unknown

  export default autocannon
}
