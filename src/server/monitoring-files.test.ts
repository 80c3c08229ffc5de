import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { appRoot } from './lib/app-root';
import { createTestApp } from './test/test-app';

// The alert rules and the Grafana dashboard shipped under deploy/ (docs/operations.md, "Monitoring"): they parse,
// promtool accepts the rules when it is installed, and every figure they read is one the server exposes.

const TOKEN = 'metrics-token-for-tests-0123456789';
const rulesFile = join(appRoot(), 'deploy', 'prometheus-alerts.yml');
const dashboardFile = join(appRoot(), 'deploy', 'grafana-dashboard.json');

type Rule = { alert: string; expr: string; for?: string; labels?: Record<string, string> };
const rules = (
  parse(readFileSync(rulesFile, 'utf8')) as { groups: { name: string; rules: Rule[] }[] }
).groups.flatMap((g) => g.rules);
type Panel = { title: string; targets: { expr: string }[] };
const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as {
  title: string;
  uid: string;
  panels: Panel[];
};

/** Names of series in a PromQL expression: identifiers followed by `{`, `[` or used bare, minus functions and keywords. */
function seriesIn(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  const names = withoutStrings.match(/\b[a-z_][a-z0-9_]*\b(?!\s*\()/g) ?? [];
  const keywords = new Set(['by', 'and', 'or', 'unless', 'on', 'without', 'le', 'family', 'reason']);
  return names.filter((name) => name.includes('_') && !keywords.has(name));
}

describe('deploy/prometheus-alerts.yml', () => {
  it('has an alert for each thing the operator must hear of', () => {
    expect(rules.map((r) => r.alert).sort()).toEqual(
      [
        'AlertEventsStuck',
        'DatabaseConnectionErrors',
        'DatabasePoolSaturated',
        'EventLoopLag',
        'HighErrorRate',
        'JobFailed',
        'JobStalled',
        'LoadShedding',
        'MailQueueStuck',
        'PeriodicJobMissed',
        'PushQueueStuck',
        'ReadinessFailing',
        'SlowRouteFamily',
        'SmsQueueStuck',
        'TargetDown',
      ].sort(),
    );
    for (const rule of rules) {
      expect(rule.expr.trim(), rule.alert).not.toBe('');
      expect(['page', 'warn'], rule.alert).toContain(rule.labels?.severity);
    }
  });

  const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
  const hasPromtool = !promtool.error && promtool.status === 0;
  if (!hasPromtool)
    console.info('promtool is not on PATH: `promtool check rules` skipped (the YAML is still parsed)');
  it.skipIf(!hasPromtool)('passes promtool check rules', () => {
    const check = spawnSync('promtool', ['check', 'rules', rulesFile], { encoding: 'utf8' });
    expect(check.stdout + check.stderr).toContain('SUCCESS');
    expect(check.status).toBe(0);
  });

  it.skipIf(!hasPromtool)('fires as its unit tests expect (promtool test rules)', () => {
    const test = spawnSync(
      'promtool',
      ['test', 'rules', join(appRoot(), 'deploy', 'prometheus-alerts.test.yml')],
      {
        encoding: 'utf8',
      },
    );
    expect(test.stdout + test.stderr).toContain('SUCCESS');
    expect(test.status).toBe(0);
  });
});

describe('deploy/grafana-dashboard.json', () => {
  it('is an importable dashboard with a Prometheus data source input', () => {
    expect(dashboard.title).toBeTruthy();
    expect(dashboard.uid).toBe('link-realestate');
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dashboard.panels) expect(panel.targets.length, panel.title).toBeGreaterThan(0);
  });
});

describe('what the rules and the dashboard read', () => {
  it('is exposed by the server', async () => {
    const app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    await app.inject('/api/v1/settings');
    const text = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const exposed = new Set([...text.matchAll(/^# TYPE (\S+) (\w+)$/gm)].map(([, name]) => name));
    const read = [
      ...rules.flatMap((r) => seriesIn(r.expr)),
      ...dashboard.panels.flatMap((p) => p.targets.flatMap((t) => seriesIn(t.expr))),
    ];
    expect(read.length).toBeGreaterThan(20);
    const missing = read
      .map((name) => name.replace(/_(bucket|count|sum)$/, ''))
      .filter((name) => !exposed.has(name) && !['status_class', 'job_name'].includes(name));
    expect([...new Set(missing)]).toEqual([]);
  });
});
