import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { routes } from './routes.tsx'

// Created once at module load: the router owns history listeners and must outlive re-renders.
const router = createBrowserRouter(routes)

export function App() {
  return <RouterProvider router={router} />
}
