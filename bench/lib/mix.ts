/**
 * One benchmark figure, measured beside the ceiling route (bench/lib/ceiling.ts) in the same run.
 *
 * Both are first driven for 1 s, not counted (JIT, pools). The measured time is then cut into rounds (about 2 s each); each round drives the app for its slice and then the
 * ceiling for a quarter of that (at least 1 s), with the same number of connections. Interleaving in time (rather than
 * both at once) keeps each from taking the other's CPU on a small machine, while a change in the machine's
 * load during the run shows in both. The figure's throughput is then given as its share of the ceiling's.
 *
 * `next()` is called for every request, so a benchmark can hand out requests that never repeat (distinct
 * filters, random ids) and defeat the read caches. `write`, if given, runs once per `every` answered reads
 * (at most one at a time, owed ones catch up), so caches are invalidated as on a real site; its time is
 * reported apart from the reads'.
 *
 * p50/p95/p99 come from every 2xx response time (autocannon's summary has no p95); anything else counts as
 * a failure. CPU per request is the server's own CPU time (all its processes, writes included) over the app's
 * slices divided by the reads answered in them; it stays steady on a busy machine, where latency does not.
 *
 *   const ceiling = await startCeiling();
 *   const figure = await measure({ name: 'search', port, ceilingPort: ceiling.port, ceilingPid: ceiling.pid,
 *     serverPids: server.pids, seconds: 10,
 *     next: () => ({ path: nextSearch() }), write: { every: 50, run: updateSomething } });
 *   console.info(FIGURE_HEADER); console.info(figureRow(figure, { p95: 30 }));   // bench/lib/report.ts
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CEILING_PATH } from './ceiling';

const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, the same two figures as `process.cpuUsage()`) that the processes have used so
 * far, in ms, read from Linux's /proc/<pid>/stat (clock ticks of 10 ms). A process that is gone counts 0.
 */
export function cpuMsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses: utime is the 14th, stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process exited
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export type BenchRequest = { path: string; method?: string; headers?: Record<string, string>; body?: string };

export type Figure = {
  name: string;
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  ceilingReqPerSec: number;
  /** The server's CPU time (every process of it) during the measured slices, per answered read, in ms. */
  cpuPerRequest: number;
  /** The ceiling process's CPU time per answered request, in ms, from the same run. */
  ceilingCpuPerRequest: number;
  /** reqPerSec / ceilingReqPerSec */
  share: number;
  writes: number;
  writeP95: number;
  writeFailures: number;
};

export type MixOptions = {
  name: string;
  /** The app's port on 127.0.0.1. */
  port: number;
  /** Where the app is asked instead of http://127.0.0.1:port (a proxy in front of it). */
  origin?: string;
  ceilingPort: number;
  /** The server's process ids (primary and workers), whose CPU time is counted while the app is driven. */
  serverPids: () => number[];
  /** The ceiling's process id, for its CPU time per request. */
  ceilingPid: number;
  next: () => BenchRequest;
  /** Measured time of the app in all, in seconds (the ceiling adds a quarter, at least 1 s per round). */
  seconds: number;
  connections?: number;
  rounds?: number;
  write?: { every: number; run: () => Promise<boolean> };
};

type Result = { requests: { total: number }; non2xx: number; errors: number; timeouts: number };
type Instance = PromiseLike<Result> & {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests?: { setupRequest: (req: BenchRequest) => BenchRequest }[];
}) => Instance;
// autocannon ships no types; this is the part used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export function percentile(values: number[], p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export async function measure(options: MixOptions): Promise<Figure> {
  const connections = options.connections ?? 20;
  const rounds = options.rounds ?? Math.max(2, Math.round(options.seconds / 2));
  // autocannon stops on its once-a-second tick, so slices are whole seconds and the rates use the time
  // each phase really took.
  const slice = Math.max(1, Math.round(options.seconds / rounds));
  const ceilingSlice = Math.max(1, Math.round(slice / 4));
  let appSeconds = 0;
  let ceilingSeconds = 0;
  const latencies: number[] = [];
  const writeTimes: number[] = [];
  let failures = 0;
  let writeFailures = 0;
  let ceilingRequests = 0;
  let serverCpuMs = 0;
  let ceilingCpuMs = 0;
  let answered = 0;
  let owed = 0;
  let writing: Promise<void> | undefined;

  const write = options.write;
  const runWrites = async () => {
    while (write && owed > 0) {
      owed--;
      const started = performance.now();
      const ok = await write.run().catch(() => false);
      writeTimes.push(performance.now() - started);
      if (!ok) writeFailures++;
    }
    writing = undefined;
  };

  // Warm both servers up (JIT, connection pools) outside the figures.
  for (const port of [options.port, options.ceilingPort]) {
    await autocannon({
      url: port === options.port && options.origin ? options.origin : `http://127.0.0.1:${port}`,
      connections,
      duration: 1,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            ...(port === options.port ? options.next() : { path: CEILING_PATH }),
          }),
        },
      ],
    });
  }

  for (let round = 0; round < rounds; round++) {
    const app = autocannon({
      url: options.origin ?? `http://127.0.0.1:${options.port}`,
      connections,
      duration: slice,
      requests: [{ setupRequest: (req) => ({ ...req, ...options.next() }) }],
    });
    app.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      else failures++;
      if (write && ++answered % write.every === 0) {
        owed++;
        writing ??= runWrites();
      }
    });
    const pids = options.serverPids();
    const cpuBefore = cpuMsOf(pids);
    const started = performance.now();
    const result = await app;
    appSeconds += (performance.now() - started) / 1000;
    failures += result.errors;
    owed = 0;
    await writing;
    serverCpuMs += cpuMsOf(pids) - cpuBefore;

    // The same request-building path and response listener as the app's, so the load generator's own
    // cost per request is the same on both sides of the ratio.
    const ceiling = autocannon({
      url: `http://127.0.0.1:${options.ceilingPort}`,
      connections,
      duration: ceilingSlice,
      requests: [{ setupRequest: (req) => ({ ...req, path: CEILING_PATH }) }],
    });
    ceiling.on('response', (_client, status) => {
      if (status >= 200 && status < 300) ceilingRequests++;
    });
    const ceilingCpuBefore = cpuMsOf([options.ceilingPid]);
    const ceilingStarted = performance.now();
    await ceiling;
    ceilingSeconds += (performance.now() - ceilingStarted) / 1000;
    ceilingCpuMs += cpuMsOf([options.ceilingPid]) - ceilingCpuBefore;
  }

  const reqPerSec = latencies.length / appSeconds;
  const ceilingReqPerSec = ceilingRequests / ceilingSeconds;
  return {
    name: options.name,
    requests: latencies.length,
    reqPerSec,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
    ceilingReqPerSec,
    cpuPerRequest: latencies.length ? serverCpuMs / latencies.length : 0,
    ceilingCpuPerRequest: ceilingRequests ? ceilingCpuMs / ceilingRequests : 0,
    share: ceilingReqPerSec ? reqPerSec / ceilingReqPerSec : 0,
    writes: writeTimes.length,
    writeP95: percentile(writeTimes, 95),
    writeFailures,
  };
}
