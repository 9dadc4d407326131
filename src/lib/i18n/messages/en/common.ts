// English messages of the gallery's "common" strings: the source catalogue (see src/lib/i18n/i18n.ts for the format).
export default {}
