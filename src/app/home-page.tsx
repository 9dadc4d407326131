import { useLocation } from 'react-router'

const apiExamples = [
  { href: '/v1/illust/ranking?mode=day', label: 'Daily ranking' },
  { href: '/v1/search/illust?word=landscape', label: 'Search works for “landscape”' },
  { href: '/v1/illust/recommended', label: 'Recommended works' },
  { href: '/v1/illust/detail?illust_id=1', label: 'Work 1' },
]

export function HomePage() {
  const { pathname } = useLocation()
  const isUnknownPath = pathname !== '/'

  return (
    <article className="space-y-8">
      <header className="space-y-3">
        <h1 className="text-4xl font-semibold tracking-tight">Easel</h1>
        <p className="text-lg text-muted">The catalogue service is running.</p>
      </header>

      {isUnknownPath && (
        <p role="status" className="rounded-lg border border-line px-4 py-3">
          There is no view for <code className="font-mono break-all">{pathname}</code> yet. The gallery is on its way.
        </p>
      )}

      <section aria-labelledby="sign-in-heading" className="space-y-2">
        <h2 id="sign-in-heading" className="text-xl font-semibold">
          Sign in
        </h2>
        <p>
          The demo account is <kbd className="font-mono font-semibold">demo</kbd> with the password{' '}
          <kbd className="font-mono font-semibold">demo</kbd>.
        </p>
      </section>

      <section aria-labelledby="api-heading" className="space-y-2">
        <h2 id="api-heading" className="text-xl font-semibold">
          Try the API
        </h2>
        <p className="text-muted">
          It speaks the pixiv-style App API on this origin, so existing clients can point their host here.
        </p>
        <ul className="space-y-1">
          {apiExamples.map(({ href, label }) => (
            <li key={href}>
              <a href={href} className="text-accent underline underline-offset-4 hover:no-underline">
                {label}
              </a>{' '}
              <code className="font-mono text-sm break-all text-muted">{href}</code>
            </li>
          ))}
        </ul>
      </section>
    </article>
  )
}
