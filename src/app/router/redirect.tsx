import { useEffect, useState, type ComponentType } from 'react'
import { useLocation, useNavigate } from 'react-router'

/**
 * Works out where a URL really leads (the resolver's code loads only when one is followed) and replaces the current
 * history entry with it, so Back never lands on the alias and bounces forward again. When `resolve` finds nothing,
 * `Otherwise` renders in place (a 404, say).
 */
export function RedirectOnArrival({
  resolve,
  Otherwise,
}: {
  resolve: (url: URL) => Promise<string | null>
  Otherwise?: ComponentType
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const [unresolved, setUnresolved] = useState<string | null>(null)
  const here = location.pathname + location.search + location.hash
  useEffect(() => {
    let current = true
    void resolve(new URL(here, window.location.origin)).then(
      (target) => {
        if (!current) return
        if (target) navigate(target, { replace: true })
        else setUnresolved(here)
      },
      () => current && setUnresolved(here),
    )
    return () => {
      current = false
    }
  }, [here, resolve, navigate])
  return unresolved === here && Otherwise ? <Otherwise /> : null
}
