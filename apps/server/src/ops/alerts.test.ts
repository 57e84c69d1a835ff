import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exportedSeries } from '../../test/exported-metrics.ts';

const run = promisify(execFile);
const file = path.resolve(import.meta.dirname, '../../../../deploy/alerts.yml');

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string };
}

/** promtool (Debian's `prometheus` package, which .ci/run installs); absent on a developer's machine, the promtool checks are skipped there. */
async function promtool(): Promise<string | null> {
  try {
    await run('promtool', ['--version']);
    return 'promtool';
  } catch {
    if (process.env.CI) throw new Error('promtool is missing: .ci/run installs the prometheus package');
    return null;
  }
}

describe('the alert rules (deploy/alerts.yml)', () => {
  it('cover 5xx rate, queue depth and age, failed jobs, disk low and database down, reading only exported metrics', async () => {
    const doc = parse(await fs.readFile(file, 'utf8')) as { groups: { name: string; rules: Rule[] }[] };
    const rules = doc.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert).sort()).toEqual(
      [
        'StreamHubDatabaseDown',
        'StreamHubDiskLow',
        'StreamHubDown',
        'StreamHubHighErrorRate',
        'StreamHubJobsFailing',
        'StreamHubQueueBacklog',
        'StreamHubQueueStale',
      ].sort(),
    );
    const exported = await exportedSeries();
    for (const rule of rules) {
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length, rule.alert).toBeGreaterThan(10);
      for (const name of rule.expr.match(/\bstreamhub_[a-z0-9_]+/g) ?? []) {
        expect(exported.has(name), `${rule.alert}: ${name} is not exported`).toBe(true);
      }
    }
  });

  it('pass promtool check rules, and fire on series that should fire them (promtool test rules)', async () => {
    const tool = await promtool();
    if (!tool) return;
    const checked = await run(tool, ['check', 'rules', file]);
    expect(checked.stdout).toMatch(/SUCCESS: 7 rules found/);

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-alerts-'));
    try {
      const tests = [
        'rule_files:',
        `  - ${file}`,
        'evaluation_interval: 1m',
        'tests:',
        '  - interval: 1m',
        '    input_series:',
        '      - series: \'streamhub_database_up{instance="a"}\'',
        "        values: '1 0 0 0 0'",
        '      - series: \'streamhub_disk_free_bytes{instance="a"}\'',
        "        values: '10737418240 1073741824x10'",
        '      - series: \'streamhub_http_requests_total{instance="a"}\'',
        "        values: '0+600x20'",
        '      - series: \'streamhub_http_errors_total{instance="a"}\'',
        "        values: '0+60x20'",
        '      - series: \'streamhub_jobs_total{queue="video.transcode",outcome="failed"}\'',
        "        values: '0+1x20'",
        '    alert_rule_test:',
        '      - eval_time: 4m',
        '        alertname: StreamHubDatabaseDown',
        '        exp_alerts:',
        '          - exp_labels: { severity: critical, instance: a }',
        '            exp_annotations:',
        "              summary: 'a cannot reach PostgreSQL'",
        "              description: 'Every API call answers 503 meanwhile; jobs and views wait. Check the database server (or the embedded one under DATA_DIR/pg).'",
        '      - eval_time: 8m',
        '        alertname: StreamHubDiskLow',
        '        exp_alerts:',
        '          - exp_labels: { severity: warning, instance: a }',
        '            exp_annotations:',
        `              summary: "Less than 5 GiB free on a's DATA_DIR disk"`,
        "              description: 'Below MIN_FREE_DISK_MB uploads are refused (507) and transcodes wait. Free space or grow the disk.'",
        '      - eval_time: 12m',
        '        alertname: StreamHubHighErrorRate',
        '        exp_alerts:',
        '          - exp_labels: { severity: warning, instance: a }',
        '            exp_annotations:',
        "              summary: 'More than 2 % of requests to a answer 5xx'",
        "              description: 'Server errors are bugs or an unavailable dependency (database 503s count too). The logs name the route.'",
        '      - eval_time: 1m',
        '        alertname: StreamHubDatabaseDown',
        '        exp_alerts: []',
      ].join('\n');
      const testFile = path.join(dir, 'alerts.test.yml');
      await fs.writeFile(testFile, `${tests}\n`);
      const tested = await run(tool, ['test', 'rules', testFile]).catch((err: { stdout?: string; stderr?: string }) => {
        throw new Error(`promtool test rules failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
      });
      expect(tested.stdout).toMatch(/SUCCESS/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
