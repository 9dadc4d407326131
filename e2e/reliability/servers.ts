// Where the reliability suite's two services listen (playwright.reliability.config.ts starts them), and how the
// rate-limited one is limited. RELIABILITY_PORT (and the port after it) lets two runs share a machine.

const port = Number(process.env.RELIABILITY_PORT ?? 8190)

/** The service on the XSS-corpus catalogue (CATALOGUE_HOSTILE=all). */
export const HOSTILE = { port, url: `http://127.0.0.1:${port}` }
/** The service with a low rate limit: requests per second and burst, per caller. */
export const LIMITED = { port: port + 1, url: `http://127.0.0.1:${port + 1}`, perSecond: 1, burst: 4 }
