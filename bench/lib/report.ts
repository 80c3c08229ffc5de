/**
 * Markdown output of the benchmarks: one table row per figure, and the run's date and load average so a
 * figure in docs/performance.md says how busy the (shared) machine was.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import type { Figure } from './mix';

/** "2026-11-23 08:30 UTC, load average 1.52 / 2.01 / 2.40 (1 / 5 / 15 min)". */
export function stamp(): string {
  const now = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  return `${now} UTC, load average ${load} (1 / 5 / 15 min)`;
}

export function machine(): string {
  return `${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}`;
}

export const FIGURE_HEADER =
  '| Measurement (20 connections) | Server CPU ms/request | Req/s | Share of the ceiling (its CPU ms/request) | p50 ms | p95 ms | p99 ms | Failures | Target | |\n' +
  '|---|---|---|---|---|---|---|---|---|---|';

export type Target = { p95?: number; share?: number; cpu?: number };

/** One table row; `target` is a p95 in ms, a minimum share of the ceiling, a CPU time per request in ms. */
export function figureRow(f: Figure, target?: Target): string {
  const misses: string[] = [];
  if (target?.cpu !== undefined && f.cpuPerRequest > target.cpu) {
    misses.push(`CPU missed by ${(f.cpuPerRequest - target.cpu).toFixed(2)} ms`);
  }
  if (target?.p95 !== undefined && f.p95 > target.p95) {
    misses.push(`p95 missed by ${(f.p95 - target.p95).toFixed(1)} ms`);
  }
  if (target?.share !== undefined && f.share < target.share) {
    misses.push(`share missed by ${((target.share - f.share) * 100).toFixed(1)} points`);
  }
  const targetText = [
    target?.cpu !== undefined ? `CPU <= ${target.cpu} ms` : '',
    target?.p95 !== undefined ? `p95 <= ${target.p95} ms` : '',
    target?.share !== undefined ? `>= ${(target.share * 100).toFixed(0)}% of the ceiling` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const verdict = !target ? '' : misses.length ? misses.join('; ') : 'met';
  const writes = f.writes
    ? `, ${f.writes} writes (p95 ${f.writeP95.toFixed(1)} ms, ${f.writeFailures} failed)`
    : '';
  return (
    `| ${f.name} | ${cpu(f.cpuPerRequest)} | ${f.reqPerSec.toFixed(0)} | ${(f.share * 100).toFixed(1)}% of ${f.ceilingReqPerSec.toFixed(0)} (${cpu(f.ceilingCpuPerRequest)}) | ` +
    `${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.failures}${writes} | ${targetText} | ${verdict} |`
  );
}

const cpu = (ms: number) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(2));
