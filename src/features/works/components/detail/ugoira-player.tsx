import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { Illust } from '../../../../api/model.ts'
import { describeError } from '../../../../components/describe-error.ts'
import { t, useT } from '../../../../lib/i18n/i18n.ts'
import { workQueries } from '../../api/work-queries.ts'
import { fitStyle } from '../../lib/fit.ts'
import { framesFromZip } from '../../lib/ugoira-frames.ts'
import { frameAt, frameSchedule } from '../../lib/ugoira-schedule.ts'
import { imageAlt } from './image-alt.ts'
import { prefersReducedMotion } from './use-reduced-motion.ts'
import { PauseToggle } from './pause-toggle.tsx'
import '../../../../lib/i18n/messages/en/artwork.ts'

interface Decoded {
  bitmaps: ImageBitmap[]
  delays: number[]
}

type LoadState = { status: 'loading' } | { status: 'ready'; frames: Decoded } | { status: 'error'; message: string }

/** A load's outcome, tagged with the load it belongs to: a newer load reads as 'loading' until it settles. */
interface Tagged {
  key: string
  state: LoadState
}

async function loadFrames(
  zipUrl: string,
  frames: { file: string; delay: number }[],
  signal: AbortSignal,
): Promise<Decoded> {
  const response = await fetch(zipUrl, { signal })
  if (!response.ok) throw new Error(t('artwork.ugoira.downloadFailed', { status: String(response.status) }))
  const packed = framesFromZip(new Uint8Array(await response.arrayBuffer()), frames)
  const bitmaps = await Promise.all(packed.map((f) => createImageBitmap(new Blob([f.bytes], { type: f.type }))))
  if (signal.aborted) {
    for (const b of bitmaps) b.close()
    throw signal.reason
  }
  return { bitmaps, delays: packed.map((f) => f.delay) }
}

/**
 * An ugoira: its frames come as a zip (`/v1/ugoira/metadata`), are unpacked and decoded in the browser and drawn on
 * a canvas, each for its own delay. The first frame's image shows until the frames are ready. Starts paused when
 * the viewer prefers reduced motion; the Pause button is a toggle (`aria-pressed`).
 */
export function UgoiraPlayer({ work }: { work: Illust }) {
  useT()
  const meta = useQuery({ ...workQueries.ugoira(work.id), staleTime: Infinity })
  const [attempt, setAttempt] = useState(0)
  const [settled, setSettled] = useState<Tagged | null>(null)
  const [paused, setPaused] = useState(prefersReducedMotion)
  const canvas = useRef<HTMLCanvasElement>(null)
  // Playback position survives pause/resume.
  const elapsed = useRef(0)
  const alt = imageAlt(work)
  const fit = fitStyle(work.width, work.height)

  const zipUrl = meta.data?.zipUrls.medium
  const frameList = meta.data?.frames
  // The frames are part of the load: metadata asked again with other delays (the work was edited) is a new load,
  // and the old one's bitmaps, closed as it is left, are never drawn.
  const loadKey = `${zipUrl ?? ''}#${attempt}#${frameList?.map((f) => `${f.file}:${f.delay}`).join(',') ?? ''}`
  const load: LoadState = settled?.key === loadKey ? settled.state : { status: 'loading' }
  useEffect(() => {
    if (!zipUrl || !frameList) return
    const controller = new AbortController()
    let decoded: Decoded | undefined
    loadFrames(zipUrl, frameList, controller.signal).then(
      (frames) => {
        decoded = frames
        elapsed.current = 0
        setSettled({ key: loadKey, state: { status: 'ready', frames } })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        const message = error instanceof Error ? error.message : t('artwork.ugoira.playFailed')
        setSettled({ key: loadKey, state: { status: 'error', message } })
      },
    )
    return () => {
      controller.abort()
      for (const b of decoded?.bitmaps ?? []) b.close()
    }
  }, [zipUrl, frameList, loadKey])

  const frames = load.status === 'ready' ? load.frames : null
  useEffect(() => {
    const el = canvas.current
    const ctx = el?.getContext('2d')
    if (!el || !ctx || !frames) return
    const schedule = frameSchedule(frames.delays)
    let shown = -1
    const draw = (index: number) => {
      if (index === shown) return
      const bitmap = frames.bitmaps[index]
      if (!bitmap) return
      ctx.clearRect(0, 0, el.width, el.height)
      ctx.drawImage(bitmap, 0, 0, el.width, el.height)
      shown = index
    }
    draw(frameAt(schedule, elapsed.current).index)
    if (paused) return
    const startedAt = performance.now() - elapsed.current
    let raf = 0
    const tick = (now: number) => {
      elapsed.current = now - startedAt
      draw(frameAt(schedule, elapsed.current).index)
      raf = requestAnimationFrame(tick)
    }
    raf = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(raf)
  }, [frames, paused])

  const first = frames?.bitmaps[0]
  const poster = work.metaSinglePage.originalImageUrl ?? work.imageUrls.large
  const error = meta.isError ? describeError(meta.error).message : load.status === 'error' ? load.message : null

  return (
    <figure className="flex flex-col items-center gap-2" data-ugoira={load.status}>
      <div className="relative mx-auto" style={fit}>
        {!first && (
          <img
            src={poster}
            alt={alt}
            width={work.width}
            height={work.height}
            fetchPriority="high"
            decoding="async"
            className="block size-full object-contain"
          />
        )}
        {first && (
          <canvas
            ref={canvas}
            width={first.width}
            height={first.height}
            role="img"
            aria-label={alt}
            className="block size-full object-contain"
          />
        )}
      </div>
      <div className="flex items-center gap-3 text-sm">
        <PauseToggle paused={paused} disabled={!first} onToggle={() => setPaused((p) => !p)} />
        {!first && !error && <span className="text-muted">{t('artwork.ugoira.loading')}</span>}
        {error && (
          <span role="alert" className="flex items-center gap-2 text-muted">
            {error}
            <button
              type="button"
              className="min-h-11 min-w-11 underline underline-offset-2 hover:text-ink sm:min-h-0 sm:min-w-0"
              onClick={() => (meta.isError ? void meta.refetch() : setAttempt((n) => n + 1))}
            >
              {t('artwork.ugoira.retry')}
            </button>
          </span>
        )}
      </div>
    </figure>
  )
}
