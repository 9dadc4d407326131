// English messages of the gallery's "viewer" strings: the source catalogue (see src/lib/i18n/i18n.ts for the format).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  /** The full-screen viewer's accessible name. */
  label: 'Viewer: {title}',
  nextWork: 'Next work →',
  prevWork: '← Previous work',
  /** The lightbox's own controls (yet-another-react-lightbox's labels). */
  controls: {
    prev: 'Previous',
    next: 'Next',
    close: 'Close',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    slide: 'Slide',
    carousel: 'Carousel',
    gallery: 'Photo gallery',
    position: '{index} of {total}',
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ viewer: messages })
export default messages
