import { createMetrics } from '../src/ops/metrics.ts';

/** Every metric name a process exports (histograms as their _bucket, _sum and _count series), with every optional gauge on. */
export async function exportedSeries(): Promise<Set<string>> {
  const metrics = createMetrics({
    role: 'all',
    queueStats: async () => [],
    diskFreeBytes: async () => 1,
    databaseUp: async () => true,
  });
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}
