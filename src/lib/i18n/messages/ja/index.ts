import type { CatalogueOf } from '../../catalogue.ts'
import type { Messages } from '../en/index.ts'
import app from './app.ts'
import common from './common.ts'
import components from './components.ts'
import auth from './auth.ts'
import signup from './signup.ts'
import settings from './settings.ts'
import admin from './admin.ts'
import pwa from './pwa.ts'
import search from './search.ts'
import ranking from './ranking.ts'
import users from './users.ts'
import series from './series.ts'
import library from './library.ts'
import bookmarks from './bookmarks.ts'
import works from './works.ts'
import artwork from './artwork.ts'
import viewer from './viewer.ts'
import novels from './novels.ts'
import reader from './reader.ts'
import comments from './comments.ts'
import posting from './posting.ts'
import newest from './newest.ts'
import editor from './editor.ts'
import report from './report.ts'
import moderation from './moderation.ts'

// The Japanese catalogue: loaded as its own chunk, only by readers who read Japanese (src/lib/i18n/i18n.ts).
export const ja: CatalogueOf<Messages> = {
  app,
  common,
  components,
  auth,
  signup,
  settings,
  admin,
  pwa,
  search,
  ranking,
  users,
  series,
  library,
  bookmarks,
  works,
  artwork,
  viewer,
  novels,
  reader,
  comments,
  posting,
  newest,
  editor,
  report,
  moderation,
}
