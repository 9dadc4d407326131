// An S3-compatible server for tests (s3rver, in this process, on a free port, over a temp folder), with one bucket.
// Its credentials are s3rver's fixed pair, set in the environment where the AWS SDK's default chain finds them (as a
// deployment's AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY would be).

import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface TestS3 {
  endpoint: string
  bucket: string
  /** a STORAGE_URL for this bucket, under `prefix` */
  url(prefix?: string): string
  close(): Promise<void>
}

export async function startTestS3(bucket = 'easel-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'easel-s3-'))
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER'
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER'
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    url: (prefix = '') =>
      `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
