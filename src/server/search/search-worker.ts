import { parentPort, workerData } from 'node:worker_threads'
import { CatalogueStore } from '../data/store.ts'
import { runSearchJob, type SearchJob } from './search-job.ts'

// One search worker (search-pool.ts): its own read-only connection to the catalogue file, on which it runs the jobs
// it is sent one at a time. WAL lets it read while the service's connection writes; every statement reads the
// latest commit, so a bookmark answered before a search starts is in that search.

export interface WorkerRequest {
  id: number
  job: SearchJob
}
export type WorkerReply = { id: number; ids: number[] } | { id: number; error: string }

const { file } = workerData as { file: string }
const store = new CatalogueStore(file, { readonly: true })
parentPort!.on('message', ({ id, job }: WorkerRequest) => {
  let reply: WorkerReply
  try {
    reply = { id, ids: runSearchJob(store, job) }
  } catch (err) {
    reply = { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }
  }
  parentPort!.postMessage(reply)
})
parentPort!.postMessage({ ready: true })
