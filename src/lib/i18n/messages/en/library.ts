// English messages of the library page: the source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  title: 'Library',
  signIn: 'Sign in to see your library',
  none: 'No library',
  demo: 'This is the demo catalogue. Start Easel with <code>LIBRARY_DIR=/path/to/gallery-dl</code> to browse your own downloads.',
  lastScan: 'Last scan',
  summary:
    '<at></at>: {imported} imported, {updated} updated, {removed} removed, {unchanged} unchanged, {skipped} skipped',
  rescan: 'Rescan',
  scanning: 'Scanning since <since></since>: {progress}',
  progress: '{done} of {count} works',
  looking: 'looking for works',
  scanProgress: 'Scan progress',
  lastFailed: 'The last scan failed: {error}',
  startFailed: 'Could not start a scan. Check the connection and try again.',
  skipped: 'Skipped files',
  noneSkipped: 'None: every file was imported.',
  file: 'File',
  why: 'Why',
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ library: messages })
export default messages
