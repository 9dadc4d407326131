// English messages of the rankings: the source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  ranking: 'Ranking',
  novelRanking: 'Novel ranking',
  title: '{mode} ranking',
  novelTitle: '{mode} novel ranking',
  listLabel: '{title}, {date}',
  latest: 'Latest',
  latestDay: 'Latest: {date}',
  kinds: 'Ranked works',
  modes: 'Ranking modes',
  unknown: 'There is no such ranking',
  seeDaily: 'See the daily ranking',
  notAvailable: 'Not available',
  ageSetting: 'Your account’s age setting does not allow this ranking.',
  signInTitle: 'Sign in to see this ranking',
  worksEmpty: 'No works ranked on this day.',
  novelsEmpty: 'No novels ranked on this day.',
  previousDay: 'Previous day',
  nextDay: 'Next day',
  date: 'Ranking date',
  mode: {
    day: 'Daily',
    week: 'Weekly',
    month: 'Monthly',
    male: 'Popular among males',
    female: 'Popular among females',
    original: 'Original',
    rookie: 'Rookie',
    manga: 'Manga',
    mangaWeekly: 'Manga weekly',
    mangaMonthly: 'Manga monthly',
    mangaRookie: 'Manga rookie',
    ai: 'AI-generated',
    r18: 'R-18 daily',
    r18Male: 'R-18 males',
    r18Female: 'R-18 females',
    r18Weekly: 'R-18 weekly',
    r18gWeekly: 'R-18G weekly',
    r18Ai: 'R-18 AI-generated',
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ ranking: messages })
export default messages
