import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedSeries } from '../../test/exported-metrics.ts';

const file = path.resolve(import.meta.dirname, '../../../../deploy/grafana/streamhub-dashboard.json');

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: { expr: string; refId: string }[];
}

describe('the Grafana dashboard (deploy/grafana)', () => {
  it('is valid JSON whose every query reads metrics the processes export', async () => {
    const dashboard = JSON.parse(await fs.readFile(file, 'utf8')) as { uid: string; title: string; panels: Panel[] };
    expect(dashboard).toMatchObject({ uid: 'streamhub', title: 'StreamHub' });
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);

    const exported = await exportedSeries();
    const queried = new Set<string>();
    const graphs = dashboard.panels.filter((p) => p.type !== 'row');
    for (const panel of graphs) {
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets!) {
        const names = expr.match(/\bstreamhub_[a-z0-9_]+/g) ?? [];
        expect(names.length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        for (const name of names) {
          expect(exported.has(name), `${panel.title}: ${name} is not exported`).toBe(true);
          queried.add(name);
        }
        // Balanced brackets: a typo that breaks a query fails here rather than on a live Grafana.
        for (const [open, close] of ['()', '{}', '[]']) {
          expect(expr.split(open!).length, `${panel.title}: ${expr}`).toBe(expr.split(close!).length);
        }
      }
    }
    // The series the operations page promises are all on the dashboard.
    for (const name of [
      'streamhub_http_requests_total',
      'streamhub_http_request_duration_seconds_bucket',
      'streamhub_http_errors_total',
      'streamhub_upload_bytes_total',
      'streamhub_job_queue_depth',
      'streamhub_job_queue_oldest_seconds',
      'streamhub_transcode_duration_seconds_bucket',
      'streamhub_jobs_total',
    ]) {
      expect(queried.has(name), name).toBe(true);
    }
  });
});
