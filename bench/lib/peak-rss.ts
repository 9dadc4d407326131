// Preloaded into a child process the bench measures (`node --import tsx --import ./bench/lib/peak-rss.ts …`): on exit,
// writes the process's peak resident set size in bytes (getrusage's ru_maxrss, all threads) to BENCH_PEAK_RSS_FILE.
// A preload, because /usr/bin/time is not on every machine and /proc/<pid> is gone once the child has exited.

import { writeFileSync } from 'node:fs'

const file = process.env.BENCH_PEAK_RSS_FILE
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)))
