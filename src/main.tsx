import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { startServiceWorker } from './features/pwa/pwa-status.ts'
import './index.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html is missing its #root element')

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

// After the first render, once the page is idle: the worker's code and precaching never delay the first view.
startServiceWorker()
