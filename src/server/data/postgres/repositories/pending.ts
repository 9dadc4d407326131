// SCAFFOLD (removed when every aggregate is written): an aggregate not yet written for PostgreSQL rejects each call.
export function pending<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: (_t, method) => async () => {
      throw new Error(`${name}.${String(method)} is not yet written for PostgreSQL`)
    },
  })
}
