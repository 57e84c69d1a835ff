import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the job queue holds now, per queue and state (`JobQueue.stats`). */
export interface QueueStat {
  queue: string;
  state: string;
  count: number;
  /** Age of the oldest job in this state: since it was created (waiting) or started (active). */
  oldestSeconds: number;
}

/**
 * The Prometheus metrics of one process, in a registry of its own (tests build many apps in one
 * process). The Grafana dashboard (deploy/grafana/) reads these names; its test checks them.
 */
export function createMetrics(opts: { role: string; queueStats?: () => Promise<QueueStat[]> }) {
  const registry = new Registry();
  registry.setDefaultLabels({ role: opts.role });
  collectDefaultMetrics({ register: registry, prefix: 'streamhub_' });
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'streamhub_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'streamhub_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const httpErrors = new Counter({
    name: 'streamhub_http_errors_total',
    help: 'HTTP requests answered with a server error (5xx), by route pattern and status code',
    labelNames: ['route', 'status'] as const,
    registers,
  });
  const uploadBytes = new Counter({
    name: 'streamhub_upload_bytes_total',
    help: 'Bytes of uploaded files received, by form field (videoFile, thumbnail, avatar, coverImage)',
    labelNames: ['field'] as const,
    registers,
  });
  const jobs = new Counter({
    name: 'streamhub_jobs_total',
    help: 'Job attempts run by this process, by queue and outcome (completed, failed, stopped)',
    labelNames: ['queue', 'outcome'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'streamhub_job_duration_seconds',
    help: 'Time a job attempt ran in this process, by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
    registers,
  });
  const transcodeDuration = new Histogram({
    name: 'streamhub_transcode_duration_seconds',
    help: 'Time one ffmpeg run took to encode a whole ladder, by the ladder top rung (which decides its cost)',
    labelNames: ['top_rung'] as const,
    buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 3600],
    registers,
  });
  const transcodedSeconds = new Counter({
    name: 'streamhub_transcoded_video_seconds_total',
    help: 'Seconds of video transcoded, by the ladder top rung (divide the duration sum by it for the speed)',
    labelNames: ['top_rung'] as const,
    registers,
  });

  const { queueStats } = opts;
  if (queueStats) {
    // Read from PostgreSQL when scraped; every process sees the same queue (take the max in queries).
    // One query serves both gauges of a scrape; while the database is down they have no samples.
    let cached: { at: number; stats: Promise<QueueStat[] | null> } | undefined;
    const read = () => {
      if (!cached || Date.now() - cached.at > 1000) cached = { at: Date.now(), stats: queueStats().catch(() => null) };
      return cached.stats;
    };
    new Gauge({
      name: 'streamhub_job_queue_depth',
      help: 'Jobs in the queue now, by queue and state (created, retry, active)',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        this.reset();
        for (const s of (await read()) ?? []) this.set({ queue: s.queue, state: s.state }, s.count);
      },
    });
    new Gauge({
      name: 'streamhub_job_queue_oldest_seconds',
      help: 'Age of the oldest job by queue and state: waiting since created (created, retry), running since started (active)',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        this.reset();
        for (const s of (await read()) ?? []) this.set({ queue: s.queue, state: s.state }, s.oldestSeconds);
      },
    });
  }

  return {
    registry,
    request(method: string, route: string, status: number, seconds: number) {
      httpRequests.inc({ method, route, status });
      httpDuration.observe({ method, route }, seconds);
      if (status >= 500) httpErrors.inc({ route, status });
    },
    uploaded(field: string, bytes: number) {
      uploadBytes.inc({ field }, bytes);
    },
    job(queue: string, outcome: 'completed' | 'failed' | 'stopped', seconds: number) {
      jobs.inc({ queue, outcome });
      jobDuration.observe({ queue, outcome }, seconds);
    },
    transcoded(topRung: string, seconds: number, videoSeconds: number) {
      transcodeDuration.observe({ top_rung: topRung }, seconds);
      transcodedSeconds.inc({ top_rung: topRung }, videoSeconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The metrics listener: GET /metrics in Prometheus text format on its own port (METRICS_PORT),
 * never on the public one, so only what can reach that port (Prometheus, a private network) reads it.
 */
export async function startMetricsListener(metrics: Metrics, opts: { port: number; host: string }) {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
