import type { Config } from './config.ts'

const LEVELS = { silent: 0, error: 1, info: 2, debug: 3 } as const

export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  debug(message: string, fields?: Record<string, unknown>): void
}

/** Plain lines on stdout/stderr: `time level message {fields}`. */
export function createLogger(level: Config['logLevel']): Logger {
  const at = LEVELS[level]
  const line = (lvl: keyof typeof LEVELS, message: string, fields?: Record<string, unknown>) =>
    `${new Date().toISOString()} ${lvl} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`
  return {
    error: (m, f) => void (at >= LEVELS.error && console.error(line('error', m, f))),
    info: (m, f) => void (at >= LEVELS.info && console.log(line('info', m, f))),
    debug: (m, f) => void (at >= LEVELS.debug && console.log(line('debug', m, f))),
  }
}
