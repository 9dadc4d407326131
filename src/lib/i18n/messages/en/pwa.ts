// English messages of the installed app (offline, updates): the source catalogue (see src/lib/i18n/i18n.ts).
export default {
  offline: "You're offline. Pages you opened before still work; anything new loads when you're back online.",
  updateAvailable: 'Update available',
  newVersion: 'A new version of Easel is available.',
  failed: 'It could not be started; try again, or reload the page.',
  reloadToUse: 'Reload to use it.',
  later: 'Later',
  reloading: 'Reloading…',
}
