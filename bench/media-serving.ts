// Media serving: a 4 MB segment and the master playlist of a finished video, side by side in one
// run, through (1) our server as `npm start` runs it (embedded PostgreSQL, HTTP_WORKERS=auto),
// (2) bare nginx serving the same files from disk, and (3) the nginx profile
// (deploy/nginx/streamhub.conf: nginx serves /media from disk after the API's media gate, whose
// answers it keeps for 5 s). wrk, 64 connections, 10 s each. Needs `nginx` and `wrk`
// (apt-get install -y nginx wrk).
//   npx tsx bench/media-serving.ts [--duration 10] [--connections 64] [--nginx-workers 1] [--http-workers auto]
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startNginx } from '../apps/server/test/nginx.ts';
import { addThumbnail, registerViaApi, startServer } from './support.ts';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    'nginx-workers': { type: 'string', default: '1' },
    'http-workers': { type: 'string', default: 'auto' },
  },
});

const server = await startServer({ ROLE: 'all', HTTP_WORKERS: opts['http-workers'] });
const cookie = await registerViaApi(server.base, 'mediabench');
const work = path.join(server.dataDir, 'bench');
await fs.mkdir(work, { recursive: true });
const clip = path.join(work, 'clip.mp4');
execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4', '-c:v', 'mpeg4', clip]);
const form = new FormData();
form.set('title', 'Bench');
form.set('description', 'Bench');
addThumbnail(form);
form.set('videoFile', new Blob([await fs.readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
const res = await fetch(`${server.base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } });
const { _id: id, owner } = (await res.json()).data as { _id: string; owner: { _id: string } };
// Finished (every rendition and the MP4 written): its files are final, as nearly every video's are.
for (;;) {
  const list = await (await fetch(`${server.base}/api/dashboard/videos/${owner._id}`, { headers: { cookie } })).json();
  const v = list.data.videos.find((x: { _id: string }) => x._id === id);
  if (v?.status === 'failed') throw new Error(v.failureReason);
  if (v?.progress === 100) break;
  await new Promise((r) => setTimeout(r, 200));
}
const videoDir = path.join(server.dataDir, 'media', 'videos', id);
await fs.writeFile(path.join(videoDir, 'bench-4mb.m4s'), randomBytes(4 * 1024 * 1024));

const nginxWorkers = opts['nginx-workers'] === 'auto' ? 'auto' : Number(opts['nginx-workers']);
const bare = await startNginx({ dataDir: server.dataDir, plain: true, workers: nginxWorkers });
const profile = await startNginx({ dataDir: server.dataDir, apiAddress: `127.0.0.1:${server.port}`, workers: nginxWorkers });

function wrk(url: string) {
  const out = execFileSync('wrk', ['-t', '2', '-c', opts.connections, '-d', `${opts.duration}s`, '--latency', url], {
    encoding: 'utf8',
  });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const transfer = /Transfer\/sec:\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
  const errors = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1];
  if (errors) throw new Error(`${url}: ${errors} error responses`);
  return { rps, transfer, p99 };
}

const load = () => os.loadavg()[0]!.toFixed(1);
console.log(
  `${os.cpus().length} CPUs, load average ${load()} at start; our server HTTP_WORKERS=${opts['http-workers']}, nginx worker_processes ${nginxWorkers}; wrk -t 2 -c ${opts.connections} -d ${opts.duration}s`,
);
const rows = [
  '| file | ours req/s | nginx req/s | profile req/s | ours / nginx | profile / nginx | ours p99 | nginx p99 | profile p99 | load |',
];
rows.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [label, file] of [
  ['4 MB segment', 'bench-4mb.m4s'],
  ['master.m3u8', 'master.m3u8'],
] as const) {
  const ours = wrk(`${server.base}/media/videos/${id}/${file}`);
  const theirs = wrk(`${bare.base}/media/videos/${id}/${file}`);
  const edge = wrk(`${profile.base}/media/videos/${id}/${file}`);
  rows.push(
    `| ${label} | ${ours.rps.toFixed(0)} | ${theirs.rps.toFixed(0)} | ${edge.rps.toFixed(0)} | ${(ours.rps / theirs.rps).toFixed(2)} | ${(edge.rps / theirs.rps).toFixed(2)} | ${ours.p99} | ${theirs.p99} | ${edge.p99} | ${load()} |`,
  );
  console.log(rows.at(-1));
}
console.log(`\n${rows.join('\n')}`);
await bare.stop();
await profile.stop();
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
