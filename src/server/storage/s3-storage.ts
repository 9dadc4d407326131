// Storage in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Garage, R2, …) through the official AWS SDK.
// Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance
// role), never from STORAGE_URL. The objects here are at most a few tens of MB, so no multipart upload.
//
// PutObject is atomic by S3's own rule (a GET sees the old object or the whole new one), but not every S3-compatible
// server keeps it: some write the object in place while it arrives (s3rver, the tests' server, does; a GET meanwhile
// gets the part written so far, with a Content-Length to match). So each object carries its size in its metadata
// (x-amz-meta-easel-size, sent back with every GET and HEAD at no cost), and an object whose bytes do not add up to
// it is not there yet: a reader never takes part of an object for the whole. An object without it was not written
// whole by Easel (or by another tool) and counts as missing too: a cached image is rendered again, and rows name only
// copies Easel stored.

import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import {
  checkKey,
  ObjectNotFound,
  StorageUnavailable,
  type ListedObject,
  type ObjectBody,
  type ObjectInfo,
  type Storage,
} from './storage.ts'

export interface S3Location {
  bucket: string
  /** key prefix inside the bucket, '' or ending with `/` */
  prefix: string
  /** another S3-compatible service than AWS (http(s)://host:port) */
  endpoint?: string
  region: string
  /** bucket in the path (`host/bucket/key`) rather than the host name: what MinIO and most self-hosted stores want */
  forcePathStyle: boolean
}

/** the user metadata key of an object's size (x-amz-meta-easel-size on the wire) */
const SIZE_META = 'easel-size'

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

/**
 * The bucket could not answer: no HTTP answer at all (refused, reset, timed out, DNS) or a server-side 5xx, after the
 * SDK's own retries. A 4xx other than 404 (bad credentials, no such bucket) is a configuration error and stays one.
 */
const unreachable = (err: unknown) => {
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  return status === undefined || status >= 500
}

export class S3Storage implements Storage {
  readonly kind = 's3'
  readonly description: string
  private readonly client: S3Client

  constructor(private readonly at: S3Location) {
    this.description = `s3://${at.bucket}/${at.prefix}${at.endpoint ? ` at ${at.endpoint}` : ''}`
    this.client = new S3Client({
      region: at.region,
      ...(at.endpoint ? { endpoint: at.endpoint } : {}),
      forcePathStyle: at.forcePathStyle,
      // Checksums only where S3 demands them: the SDK's default CRC32 trailers are not understood by every
      // S3-compatible server, and TLS already guards the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  /** client.send, with an unreachable bucket thrown as StorageUnavailable (keys are checked before, outside it) */
  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send()
    } catch (err) {
      if (!notFound(err) && unreachable(err)) throw new StorageUnavailable(this.description, { cause: err })
      throw err
    }
  }

  private key(key: string) {
    return this.at.prefix + checkKey(key)
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const Key = this.key(key)
    try {
      const r = await this.call(() => this.client.send(new HeadObjectCommand({ Bucket: this.at.bucket, Key })))
      const size = r.ContentLength ?? 0
      if (r.Metadata?.[SIZE_META] !== String(size)) return null // being written (see above)
      return { size, etag: r.ETag ?? '""', modifiedMs: r.LastModified?.getTime() ?? 0 }
    } catch (err) {
      if (notFound(err)) return null
      throw err
    }
  }

  async read(key: string): Promise<Buffer> {
    const r = await this.send(key)
    const bytes = await r.Body!.transformToByteArray()
    if (r.Metadata?.[SIZE_META] !== String(bytes.byteLength)) throw new ObjectNotFound(key)
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }

  async get(key: string, range?: { start: number; end: number }): Promise<ObjectBody> {
    const r = await this.send(key, range && `bytes=${range.start}-${range.end}`)
    // a ranged answer names the whole object's size in Content-Range (`bytes 0-9/1234`)
    const total = /\/(\d+)$/.exec(r.ContentRange ?? '')
    const size = total ? Number(total[1]) : (r.ContentLength ?? 0)
    if (r.Metadata?.[SIZE_META] !== String(size)) {
      await r.Body!.transformToWebStream().cancel()
      throw new ObjectNotFound(key)
    }
    const start = range ? range.start : 0
    const end = start + (r.ContentLength ?? 0) - 1
    return {
      size,
      etag: r.ETag ?? '""',
      modifiedMs: r.LastModified?.getTime() ?? 0,
      start,
      end,
      body: r.Body!.transformToWebStream() as ReadableStream<Uint8Array>,
    }
  }

  private async send(key: string, range?: string) {
    const Key = this.key(key)
    try {
      return await this.call(() =>
        this.client.send(new GetObjectCommand({ Bucket: this.at.bucket, Key, ...(range ? { Range: range } : {}) })),
      )
    } catch (err) {
      if (notFound(err)) throw new ObjectNotFound(key)
      throw err
    }
  }

  async put(key: string, body: Buffer | { file: string }): Promise<void> {
    const Key = this.key(key)
    const Body = Buffer.isBuffer(body) ? body : createReadStream(body.file)
    // a stream's length must be given: the SDK cannot sign a body of unknown length without chunked trailers
    const ContentLength = Buffer.isBuffer(body) ? body.byteLength : (await stat(body.file)).size
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.at.bucket,
          Key,
          Body,
          ContentLength,
          Metadata: { [SIZE_META]: String(ContentLength) },
        }),
      ),
    )
  }

  async delete(key: string): Promise<void> {
    // S3 answers a missing key's delete with 204 too
    const Key = this.key(key)
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.at.bucket, Key })))
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let ContinuationToken: string | undefined
    do {
      const r = await this.call(() =>
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.at.bucket, Prefix: this.at.prefix + prefix, ContinuationToken }),
        ),
      )
      for (const o of r.Contents ?? [])
        if (o.Key)
          yield {
            key: o.Key.slice(this.at.prefix.length),
            size: o.Size ?? 0,
            modifiedMs: o.LastModified?.getTime() ?? 0,
          }
      ContinuationToken = r.IsTruncated ? r.NextContinuationToken : undefined
    } while (ContinuationToken)
  }

  /** Ends the client's sockets (tests; a service keeps its client for its life). */
  close() {
    this.client.destroy()
  }
}
