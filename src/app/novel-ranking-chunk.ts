import { lazyModule } from '../lib/lazy-module.ts'

// The novel ranking (its queries, list and cards) is a chunk of its own: the ranking of works never loads it. One
// handle, for the ranking page that renders it and the ranking's loader that warms it when the URL asks for novels;
// apart from preload.ts because the chunk imports preload.ts (its cards warm the reader).
export const novelRankingModule = lazyModule(() => import('./routes/ranking-novels.tsx'))

export function preloadNovelRanking(): void {
  void novelRankingModule.load().catch(() => {})
}
