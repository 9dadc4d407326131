/**
 * Resolves once the main thread is idle (`requestIdleCallback`, at most `timeoutMs` later; in the next task where the
 * browser has none): for work no one needs in a page's first second.
 */
export const whenIdle = (timeoutMs: number): Promise<void> =>
  new Promise((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: timeoutMs })
      : setTimeout(resolve),
  )
