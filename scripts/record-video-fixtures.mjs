/* global document, MediaRecorder */
// Records the tiny real videos the converted-ugoira tests use (src/server/library/fixtures/README.md): Debian's
// Chromium paints a 64×48 canvas and MediaRecorder encodes it, since CI has no ffmpeg. Run once; commit the files.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.config.ts'

const out = path.resolve(import.meta.dirname, '../src/server/library/fixtures')
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
try {
  const page = await browser.newPage()
  for (const [mime, name] of [
    ['video/webm;codecs=vp8', 'ugoira-64x48.webm'],
    ['video/mp4;codecs=avc1', 'ugoira-64x48.mp4'],
  ]) {
    const bytes = await page.evaluate(async (mimeType) => {
      const canvas = document.createElement('canvas')
      canvas.width = 64
      canvas.height = 48
      const ctx = canvas.getContext('2d')
      const rec = new MediaRecorder(canvas.captureStream(10), { mimeType, videoBitsPerSecond: 60_000 })
      const chunks = []
      rec.ondataavailable = (e) => chunks.push(e.data)
      const stopped = new Promise((resolve) => (rec.onstop = resolve))
      rec.start()
      for (let i = 0; i < 15; i++) {
        ctx.fillStyle = ['#3366cc', '#cc6633', '#33cc66'][i % 3]
        ctx.fillRect(0, 0, 64, 48)
        ctx.fillStyle = '#fff'
        ctx.fillRect((i * 6) % 64, 16, 12, 12)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      rec.stop()
      await stopped
      return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()))
    }, mime)
    writeFileSync(path.join(out, name), Buffer.from(bytes))
    console.log(`${name}: ${bytes.length} bytes`)
  }
} finally {
  await browser.close()
}
