// What the server itself sees under load: how long each request spent between being read and being answered,
// how many were in progress at once, and how late the event loop ran. Set against the client's latencies it
// shows where a slow answer waited: inside the server, or before the server read it.
import type { Server } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export type ServerStats = {
  answered: number;
  inServerP99Ms: number;
  inServerMaxMs: number;
  maxInProgress: number;
  loopDelayMaxMs: number;
  /** TCP connections the server accepted during the run (200 keep-alive users open 200 once). */
  accepted: number;
};

export function watchServer(server: Server): () => ServerStats {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const times: number[] = [];
  let inProgress = 0;
  let maxInProgress = 0;
  let accepted = 0;
  server.on('connection', () => {
    accepted += 1;
  });
  server.on('request', (_req, res) => {
    const start = performance.now();
    inProgress += 1;
    maxInProgress = Math.max(maxInProgress, inProgress);
    res.once('close', () => {
      inProgress -= 1;
      times.push(performance.now() - start);
    });
  });
  return () => {
    delay.disable();
    const sorted = times.sort((a, b) => a - b);
    return {
      answered: sorted.length,
      inServerP99Ms: sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0,
      inServerMaxMs: sorted.at(-1) ?? 0,
      maxInProgress,
      loopDelayMaxMs: delay.max / 1e6,
      accepted,
    };
  };
}
