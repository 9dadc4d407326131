// Types for system-deps.mjs (plain JavaScript so .ci/run can run it before npm install).
export declare const PACKAGES: string[]
export declare function missingPackages(packages?: string[]): string[]
export type Plan =
  { action: 'none' } | { action: 'install'; commands: [string, string[]][] } | { action: 'fail'; message: string }
export declare function plan(opts: { missing: string[]; root: boolean; apt: boolean }): Plan
