import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { postgresBinDir, startPostgres } from './postgres.ts'

// The tests' throwaway PostgreSQL clusters: one starts fast, answers over TCP on loopback and over its unix socket, and
// leaves nothing behind once stopped; without the server binaries the tests say which package to install.

async function ask(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows[0]
  } finally {
    await client.end()
  }
}

describe('a throwaway PostgreSQL cluster', () => {
  it('starts, serves over 127.0.0.1 and its unix socket, and is gone once stopped', async () => {
    const cluster = await startPostgres()
    console.log(`PostgreSQL test cluster started in ${cluster.startMs.toFixed(0)} ms`)
    try {
      expect(
        await ask(cluster.url, "SELECT current_setting('listen_addresses') AS a, current_setting('fsync') AS f"),
      ).toEqual({ a: '127.0.0.1', f: 'off' })
      expect(await ask(cluster.socketUrl, 'SELECT inet_client_addr() AS addr')).toEqual({ addr: null }) // a socket
      const url = await cluster.createDatabase('fresh')
      expect(await ask(url, 'SELECT current_database() AS db')).toEqual({ db: 'fresh' })
    } finally {
      await cluster.stop()
    }
    expect(existsSync(cluster.dir)).toBe(false)
    const refused = await new Promise<boolean>((resolve) =>
      net
        .connect(cluster.port, '127.0.0.1')
        .once('connect', function (this: net.Socket) {
          this.destroy()
          resolve(false)
        })
        .once('error', () => resolve(true)),
    )
    expect(refused).toBe(true)
  })

  it('names the package to install when the server binaries are missing', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'easel-no-pg-'))
    try {
      expect(() => postgresBinDir({ PATH: empty }, path.join(empty, 'none'))).toThrow(
        /initdb, postgres\) are not installed[\s\S]*apt-get install -y postgresql/,
      )
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
