import { lazy, Suspense, useState } from 'react'
import { usePwaStatus } from './pwa-status.ts'

// Rarely needed: its code loads when a new version is waiting, not with the first view.
const UpdatePromptCard = lazy(() => import('./update-prompt-card.tsx'))

/**
 * "A new version is available": shown while a new service worker waits. The live region stays in the document,
 * empty, so the prompt is announced when it appears.
 */
export function UpdatePrompt() {
  const { updateWaiting } = usePwaStatus()
  const [dismissed, setDismissed] = useState(false)
  return (
    // Fixed at the top on phones (the bottom belongs to the navigation), bottom right from tablet width up.
    <div
      role="status"
      className="fixed inset-x-3 top-[calc(env(safe-area-inset-top)+0.75rem)] z-50 sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      {updateWaiting && !dismissed && (
        <Suspense fallback={null}>
          <UpdatePromptCard onLater={() => setDismissed(true)} />
        </Suspense>
      )}
    </div>
  )
}
