// STORAGE_URL → where rendered images and copied originals live (storage.ts):
//
//   unset                    DATA_DIR itself: DATA_DIR/image-cache, DATA_DIR/library-files (as earlier versions)
//   file:///srv/easel        a folder, e.g. a volume every instance mounts
//   s3://BUCKET[/PREFIX][?endpoint=URL&region=R&forcePathStyle=true]
//                            an S3-compatible bucket; endpoint for anything but AWS itself (MinIO: http://host:9000),
//                            region defaults to AWS_REGION or us-east-1, forcePathStyle for most self-hosted stores.
//                            Credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or the SDK's other sources).

import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { FileStorage } from './file-storage.ts'
import { S3Storage, type S3Location } from './s3-storage.ts'
import type { Storage } from './storage.ts'

export type StorageConfig = { kind: 'file'; root: string } | ({ kind: 's3' } & S3Location)

const S3_PARAMS = new Set(['endpoint', 'region', 'forcePathStyle'])

export function parseStorageUrl(
  value: string | undefined,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): StorageConfig {
  if (!value) return { kind: 'file', root: dataDir }
  const fail = (why: string): never => {
    throw new Error(
      `STORAGE_URL ${why}: use file:///ABSOLUTE/PATH or s3://BUCKET/PREFIX?endpoint=http://host:9000&region=us-east-1&forcePathStyle=true, not "${value}"`,
    )
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return fail('is not a URL')
  }
  if (url.protocol === 'file:') {
    if (url.search || url.hash || (url.host && url.host !== 'localhost')) fail('file: takes a path only')
    return { kind: 'file', root: path.resolve(fileURLToPath(url)) }
  }
  if (url.protocol !== 's3:') return fail('must start with file:// or s3://')
  if (url.username || url.password) fail('must not hold credentials (use AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)')
  // bucket names: 3–63 lower-case letters, digits, dots and hyphens (S3's rule)
  const bucket = url.hostname
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail('needs a bucket name')
  for (const name of url.searchParams.keys()) if (!S3_PARAMS.has(name)) fail(`has an unknown parameter "${name}"`)
  // the URL parser resolves dot segments itself (s3://b/../x is s3://b/x): refuse them as written
  if (/(^|\/)\.{1,2}(\/|$|\?)/.test(value.slice('s3://'.length))) fail('has a prefix with . or ..')
  const segments = decodeURIComponent(url.pathname)
    .split('/')
    .filter((s) => s !== '')
  if (segments.some((s) => s === '.' || s === '..')) fail('has a prefix with . or ..')
  const endpoint = url.searchParams.get('endpoint') ?? undefined
  if (endpoint !== undefined) {
    let e: URL | undefined
    try {
      e = new URL(endpoint)
    } catch {
      // reported below
    }
    if (!e || !['http:', 'https:'].includes(e.protocol)) fail('endpoint must be an http(s) URL')
  }
  const style = url.searchParams.get('forcePathStyle') ?? 'false'
  if (!['true', 'false'].includes(style)) fail('forcePathStyle must be true or false')
  return {
    kind: 's3',
    bucket,
    prefix: segments.length ? `${segments.join('/')}/` : '',
    ...(endpoint ? { endpoint } : {}),
    region: url.searchParams.get('region') || env.AWS_REGION || 'us-east-1',
    forcePathStyle: style === 'true',
  }
}

/** One Storage per configuration in a process (the S3 client keeps its sockets alive across requests). */
const opened = new Map<string, Storage>()

export function openStorage(config: StorageConfig): Storage {
  const id = JSON.stringify(config)
  let storage = opened.get(id)
  if (!storage) {
    storage = config.kind === 'file' ? new FileStorage(config.root) : new S3Storage(config)
    opened.set(id, storage)
  }
  return storage
}
