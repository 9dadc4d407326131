// Every route's error boundary: a view that throws shows the route's error view, until the URL changes.

import {
  Component as ReactComponent,
  createContext,
  useContext,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react'
import { useLocation } from 'react-router'

const RouteErrorContext = createContext<unknown>(undefined)

/** Inside a route's ErrorBoundary: the error it caught. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext)
}

interface BoundaryProps {
  fallback: ComponentType
  /** A change of this key (the URL) clears the error, so leaving a broken view and coming back tries again. */
  resetKey: string
  children: ReactNode
}

class RouteErrorBoundary extends ReactComponent<BoundaryProps, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error }
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ failed: false, error: undefined })
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    const Fallback = this.props.fallback
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        <Fallback />
      </RouteErrorContext.Provider>
    )
  }
}

/** A route's view inside its error boundary. */
export function RouteFrame({ component: View, errorView }: { component: ComponentType; errorView: ComponentType }) {
  const { pathname, search } = useLocation()
  // No Suspense here: a lazy view suspends to the boundary around the shell's outlet, which is already on screen,
  // so an in-app navigation (a transition) keeps the current view until the next one's code has arrived.
  return (
    <RouteErrorBoundary fallback={errorView} resetKey={pathname + search}>
      <View />
    </RouteErrorBoundary>
  )
}
