// npm run bench:faults [-- fuzz kill smtp load] — the big reliability runs (not part of CI), all against
// 127.0.0.1 or in-process, bounded in count and time. Each section rewrites its own part of docs/reliability.md.
//   FAULTS_FUZZ_CASES    generated cases per route (default 300; routes of signed-in users also go as a visitor)
//   FAULTS_KILL_ROUNDS   SIGKILLs during writes per database (default 5)
//   FAULTS_LOAD_SECONDS  seconds of each 200-user load run (default 20)
//   FAULTS_DATABASE_URL  a PostgreSQL server for the kill test on PostgreSQL (else TEST_DATABASE_URL; else skipped)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, withDatabase } from '../src/server/test/global-setup';
import { serverStats, startServer, stopServer } from './faults/child';
import { fuzz } from './faults/fuzz';
import { killDuringWrites } from './faults/kill';
import { type LoadResult, runLoad } from './faults/load';
import type { ServerStats } from './faults/server-stats';
import { smtpOutage } from './faults/smtp';

const sections = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['fuzz', 'kill', 'smtp', 'load'];
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const report = join(import.meta.dirname, '../docs/reliability.md');
const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z`;

function writeSection(name: string, markdown: string) {
  const text = readFileSync(report, 'utf8');
  const start = `<!-- faults:${name} -->`;
  const end = `<!-- /faults:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`docs/reliability.md has no ${start} … ${end} markers`);
  writeFileSync(
    report,
    `${text.slice(0, from + start.length)}\n${markdown.trim()}\n\n_${machine}_\n${text.slice(to)}`,
  );
  console.info(markdown);
}

async function fuzzSection() {
  const r = await fuzz(num('FAULTS_FUZZ_CASES', 300));
  writeSection(
    'fuzz',
    `| generators | route families | routes | cases | 5xx | unauthorized successes | time |
| --- | --- | --- | --- | --- | --- | --- |
| src/server/test/fuzz | ${r.families} | ${r.routes} | ${r.cases} | ${r.server5xx} | ${r.unauthorizedSuccesses} | ${r.seconds.toFixed(0)} s |
${r.samples.length ? `\nFirst failing cases (5xx, or a protected route answering a visitor):\n\n${r.samples.map((s) => `- \`${s.replace(/`/g, "'")}\``).join('\n')}` : ''}`,
  );
}

async function killSection() {
  const rounds = num('FAULTS_KILL_ROUNDS', 5);
  const rows: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-kill-'));
  try {
    const r = await killDuringWrites({ dataDir }, rounds);
    rows.push(
      `| embedded (PGlite) | ${r.rounds} | ${r.acknowledged} | ${r.lost} | ${r.leadsWithoutMail} | ${r.seconds.toFixed(0)} s |`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const server = process.env.FAULTS_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `faults_kill_${Date.now()}`;
    await adminQuery(server, `create database "${name}"`);
    try {
      const r = await killDuringWrites({ databaseUrl: withDatabase(server, name) }, rounds);
      rows.push(
        `| PostgreSQL server | ${r.rounds} | ${r.acknowledged} | ${r.lost} | ${r.leadsWithoutMail} | ${r.seconds.toFixed(0)} s |`,
      );
    } finally {
      await adminQuery(server, `drop database if exists "${name}" with (force)`);
    }
  } else rows.push('| PostgreSQL server | skipped (set FAULTS_DATABASE_URL) | | | | |');
  writeSection(
    'kill',
    `| database | SIGKILLs during writes | acknowledged writes | acknowledged writes lost | leads without queued mail | time |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`,
  );
}

async function smtpSection() {
  const r = await smtpOutage(200, 5_000);
  writeSection(
    'smtp',
    `| leads during the outage | refusals by the mail server | delivered after it | lost | delivered twice | given up | time |
| --- | --- | --- | --- | --- | --- | --- |
| ${r.leads} | ${r.refusedDuringOutage} | ${r.delivered} | ${r.lost} | ${r.duplicates} | ${r.failed} | ${r.seconds.toFixed(0)} s |`,
  );
}

async function loadSection() {
  const seconds = num('FAULTS_LOAD_SECONDS', 20);
  const results: (LoadResult & ServerStats)[] = [];
  // Before: one turn of the loop serves every request read in it. After: one request per turn (the default).
  const runs: [string, Record<string, string | undefined>][] = [
    ['one turn serves every request it reads (before)', { REQUESTS_ONE_PER_TURN: 'false' }],
    ['one request per turn, the defaults (after)', {}],
  ];
  for (const [label, bounds] of runs) {
    const dataDir = mkdtempSync(join(tmpdir(), 'faults-load-'));
    try {
      const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', ...bounds });
      try {
        const load = await runLoad(label, server.url, 200, seconds);
        results.push({ ...load, ...(await serverStats(server)) });
        console.info(results.at(-1));
      } finally {
        await stopServer(server);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  writeSection(
    'load',
    `200 connections for ${seconds} s on the embedded database (demo data), cycling searches, property pages, agents,
settings, the signed-in scoreboard and lead submissions.

| run | answers | per second | p50 | p99 | slowest | > 1 s | > 5 s | > 30 s | 503 + Retry-After | slowest 503 | other 5xx | errors | in the server: p99, slowest | most in progress | event-loop delay, max | connections accepted (of 200) |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${results
  .map(
    (r) =>
      `| ${r.label} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.over1s} | ${r.over5s} | ${r.over30s} | ${r.refused503} | ${r.refused503 ? ms(r.refusedMax) : '-'} | ${r.other5xx} | ${r.errors} | ${ms(r.inServerP99Ms)}, ${ms(r.inServerMaxMs)} | ${r.maxInProgress} | ${ms(r.loopDelayMaxMs)} | ${r.accepted} |`,
  )
  .join('\n')}`,
  );
}

const runners: Record<string, () => Promise<void>> = {
  fuzz: fuzzSection,
  kill: killSection,
  smtp: smtpSection,
  load: loadSection,
};
for (const section of sections) {
  const run = runners[section];
  if (!run) throw new Error(`unknown section ${section}; use ${Object.keys(runners).join(', ')}`);
  console.info(`== ${section}`);
  await run();
}
process.exit(0);
