import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// In development the SPA runs on Vite's server and the catalogue service on API_PORT; everything the service owns
// is proxied so the SPA sees one origin, as it does in production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`
// Trailing slashes: Vite matches proxy keys as plain prefixes, and `/img` must not swallow e.g. `/imgs-of-the-day`.
const proxied = ['/v1/', '/v2/', '/auth/', '/img/']
const proxy = Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget }]))

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/initial-js.ts follows the entry's and the home route's imports through it (the initial JS budget).
    manifest: true,
    // Every browser the build targets supports modulepreload; older ones simply skip the preload.
    modulePreload: { polyfill: false },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
})
