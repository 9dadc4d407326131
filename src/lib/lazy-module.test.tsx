import { act, render, screen } from '@testing-library/react'
import { Component, Suspense, use, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { lazyModule } from './lazy-module.ts'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const Greeting = () => <p>loaded view</p>

function View({ mod }: { mod: ReturnType<typeof lazyModule<{ Greeting: typeof Greeting }>> }) {
  const Loaded = mod.use()?.Greeting
  return Loaded ? <Loaded /> : <p>placeholder</p>
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children
  }
}

describe('lazyModule', () => {
  it('shows the placeholder, then the loaded component in the next commit (no Suspense boundary needed)', async () => {
    const chunk = deferred<{ Greeting: typeof Greeting }>()
    const mod = lazyModule(() => chunk.promise)
    render(<View mod={mod} />)
    expect(screen.getByText('placeholder')).toBeInTheDocument()
    await act(async () => chunk.resolve({ Greeting }))
    expect(screen.getByText('loaded view')).toBeInTheDocument()
    expect(screen.queryByText('placeholder')).toBeNull()
  })

  it('renders a module loaded beforehand (a loader warmed it) at once, importing it only once', async () => {
    const importer = vi.fn(async () => ({ Greeting }))
    const mod = lazyModule(importer)
    await mod.load()
    render(<View mod={mod} />)
    expect(screen.getByText('loaded view')).toBeInTheDocument()
    expect(importer).toHaveBeenCalledTimes(1)
    expect(mod.current()?.Greeting).toBe(Greeting)
  })

  it('lets use() read a module already loaded at once, without showing the Suspense fallback', async () => {
    const mod = lazyModule(async () => ({ Greeting }))
    await mod.load()
    function Reader() {
      return <p>{use(mod.load()).Greeting === Greeting ? 'read at once' : 'wrong module'}</p>
    }
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Reader />
      </Suspense>,
    )
    expect(screen.getByText('read at once')).toBeInTheDocument()
    expect(screen.queryByText('fallback')).toBeNull()
  })

  it('throws a failed load to the error boundary, and a later load retries', async () => {
    const first = deferred<{ Greeting: typeof Greeting }>()
    const importer = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce({ Greeting })
    const mod = lazyModule(importer)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <Boundary>
        <View mod={mod} />
      </Boundary>,
    )
    await act(async () => first.reject(new Error('chunk failed')))
    expect(screen.getByRole('alert')).toHaveTextContent('chunk failed')

    await expect(mod.load()).resolves.toEqual({ Greeting })
    expect(importer).toHaveBeenCalledTimes(2)
  })
})
