import cluster, { type Worker } from 'node:cluster';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';

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
export function createMetrics(opts: {
  role: string;
  queueStats?: () => Promise<QueueStat[]>;
  /** Free bytes on DATA_DIR's disk, asked when scraped (the alert "disk low", deploy/alerts.yml). */
  diskFreeBytes?: () => Promise<number>;
  /** Whether the database answers a `select 1` now (the alert "database down"). */
  databaseUp?: () => Promise<boolean>;
}) {
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

  const { diskFreeBytes, databaseUp } = opts;
  if (diskFreeBytes) {
    new Gauge({
      name: 'streamhub_disk_free_bytes',
      help: "Free bytes on DATA_DIR's disk (media, temp uploads, the embedded database)",
      registers,
      async collect() {
        this.reset();
        const free = await diskFreeBytes().catch(() => null);
        if (free !== null) this.set(free);
      },
    });
  }
  if (databaseUp) {
    new Gauge({
      name: 'streamhub_database_up',
      help: 'Whether this process reaches the database now (1) or not (0)',
      registers,
      async collect() {
        this.set((await databaseUp().catch(() => false)) ? 1 : 0);
      },
    });
  }

  /** Per method, status and route pattern (few: never a raw URL). */
  const requestSeries = new Map<
    string,
    { count: ReturnType<typeof httpRequests.labels>; duration: ReturnType<typeof httpDuration.labels> }
  >();

  return {
    registry,
    request(method: string, route: string, status: number, seconds: number) {
      // Each series' labelled child is looked up once: prom-client hashes the labels on every call.
      const key = `${method} ${status} ${route}`;
      let series = requestSeries.get(key);
      if (!series) {
        series = { count: httpRequests.labels({ method, route, status }), duration: httpDuration.labels({ method, route }) };
        requestSeries.set(key, series);
      }
      series.count.inc();
      series.duration.observe(seconds);
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

/** What the metrics listener serves: one process's registry, or a cluster's sum (`clusterMetrics`). */
export interface MetricsSource {
  registry: { metrics(): Promise<string>; contentType: string };
}

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];
/** Messages between a cluster's primary and its HTTP workers (over node:cluster's IPC channel). */
type MetricsRequest = { type: 'streamhub:metrics?'; id: number };
type MetricsAnswer = { type: 'streamhub:metrics'; id: number; metrics: MetricsJson };
/** A scrape fails (500, a gap in Prometheus) rather than report a sum without a busy worker. */
const WORKER_ANSWER_MS = 3_000;

/**
 * In an HTTP worker of a node:cluster: answers the primary's requests for this process's metrics
 * (only the primary listens on METRICS_PORT; workers share the port and cannot each serve it).
 */
export function answerClusterMetrics(metrics: Metrics): void {
  process.on('message', (message: MetricsRequest) => {
    if (message?.type !== 'streamhub:metrics?') return;
    void metrics.registry.getMetricsAsJSON().then(
      (json) => process.send?.({ type: 'streamhub:metrics', id: message.id, metrics: json } satisfies MetricsAnswer),
      () => {},
    );
  });
}

/**
 * A cluster primary's metrics: its own (jobs, queue, encoder) and those of every HTTP worker
 * (requests, uploads, their processes' CPU and memory), added up by prom-client's
 * `AggregatorRegistry.aggregate` (counters and histograms summed; each default gauge as prom-client
 * says: memory summed, event-loop lag averaged…), as if the box were one process. A worker that
 * exits while asked is left out (its counts leave the sum, which Prometheus reads as a reset).
 */
export function clusterMetrics(own: Metrics): MetricsSource {
  let nextId = 0;
  const waiting = new Map<number, (json: MetricsJson) => void>();
  cluster.on('message', (_worker, message: MetricsAnswer) => {
    if (message?.type === 'streamhub:metrics') waiting.get(message.id)?.(message.metrics);
  });
  const ask = (worker: Worker) =>
    new Promise<MetricsJson>((resolve, reject) => {
      const id = (nextId += 1);
      const done = () => {
        waiting.delete(id);
        clearTimeout(timer);
        worker.off('exit', gone);
      };
      const gone = () => (done(), resolve([]));
      const timer = setTimeout(() => (done(), reject(new Error('an HTTP worker did not answer'))), WORKER_ANSWER_MS);
      waiting.set(id, (json) => (done(), resolve(json)));
      worker.once('exit', gone);
      // A channel closed since the filter below reports here, not as an 'error' event.
      worker.send({ type: 'streamhub:metrics?', id } satisfies MetricsRequest, undefined, (err) => err && gone());
    });
  return {
    registry: {
      contentType: own.registry.contentType,
      async metrics() {
        const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w?.isConnected());
        const all = await Promise.all([own.registry.getMetricsAsJSON(), ...workers.map(ask)]);
        return AggregatorRegistry.aggregate(all as MetricsJson[]).metrics();
      },
    },
  };
}

/**
 * The metrics listener: GET /metrics in Prometheus text format on its own port (METRICS_PORT),
 * never on the public one, so only what can reach that port (Prometheus, a private network) reads it.
 */
export async function startMetricsListener(metrics: MetricsSource, opts: { port: number; host: string }) {
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
