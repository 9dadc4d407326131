interface ImportMetaEnv {
  /** The code of the first view's `Intl` worker (warm-intl.ts): vite.config.ts defines it in the first views' build. */
  readonly EASEL_INTL_WORKER?: string
}
