import { describe, expect, it } from 'vitest'
import { missingPackages, PACKAGES, plan } from './system-deps.mjs'

describe('system-deps', () => {
  it('does nothing when every package is there', () => {
    expect(plan({ missing: [], root: false, apt: false })).toEqual({ action: 'none' })
  })

  it('installs what is missing as root with apt-get, after an update', () => {
    expect(plan({ missing: ['gallery-dl', 'fonts-noto-cjk'], root: true, apt: true })).toEqual({
      action: 'install',
      commands: [
        ['apt-get', ['update']],
        ['apt-get', ['install', '-y', 'gallery-dl', 'fonts-noto-cjk']],
      ],
    })
  })

  it('stops with the exact command when it cannot install', () => {
    const notRoot = plan({ missing: ['gallery-dl'], root: false, apt: true })
    expect(notRoot).toMatchObject({ action: 'fail' })
    expect((notRoot as { message: string }).message).toContain(
      'sudo apt-get update && sudo apt-get install -y gallery-dl',
    )
    const noApt = plan({ missing: ['chromium', 'gallery-dl'], root: true, apt: false })
    expect((noApt as { message: string }).message).toContain('apt-get update && apt-get install -y chromium gallery-dl')
  })

  it('names chromium, gallery-dl, fonts-noto-cjk and postgresql, and finds them on this machine once npm test has run it', () => {
    expect(PACKAGES).toEqual(['chromium', 'gallery-dl', 'fonts-noto-cjk', 'postgresql'])
    expect(missingPackages()).toEqual([])
  })
})
