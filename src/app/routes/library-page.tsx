import { LibraryScreen } from '../../features/library/components/library-screen.tsx'

/** `/library`: the library feature's screen (what the last scan of the library folder did, and a rescan). */
export function Component() {
  return <LibraryScreen />
}
