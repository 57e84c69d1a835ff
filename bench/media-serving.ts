// Media serving: a 4 MB segment and a small playlist through our server vs nginx serving the same
// files on the same machine, with wrk (64 connections, 10 s each). Needs `nginx` and `wrk`
// (apt-get install -y nginx-light wrk). Run: npx tsx bench/media-serving.ts
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { registerViaApi, startServer } from './support.ts';

const server = await startServer({ ROLE: 'all' });
const cookie = await registerViaApi(server.base, 'mediabench');
const work = path.join(server.dataDir, 'bench');
await fs.mkdir(work, { recursive: true });
const clip = path.join(work, 'clip.mp4');
execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2', '-c:v', 'mpeg4', clip]);
const form = new FormData();
form.set('title', 'Bench');
form.set('description', 'Bench');
form.set('videoFile', new Blob([await fs.readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
const res = await fetch(`${server.base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } });
const id = (await res.json()).data._id as string;
for (;;) {
  const v = await (await fetch(`${server.base}/api/video/v/${id}`, { headers: { cookie } })).json();
  if (v.data?.videoFile) break;
  await new Promise((r) => setTimeout(r, 200));
}
const videoDir = path.join(server.dataDir, 'media', 'videos', id);
await fs.writeFile(path.join(videoDir, 'bench-4mb.m4s'), randomBytes(4 * 1024 * 1024));

const nginxPort = await freePort();
const nginxConf = path.join(work, 'nginx.conf');
await fs.writeFile(
  nginxConf,
  `worker_processes 1; daemon off; pid ${work}/nginx.pid; error_log ${work}/nginx-error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  types { application/vnd.apple.mpegurl m3u8; video/iso.segment m4s; video/mp4 mp4; }
  server { listen 127.0.0.1:${nginxPort}; location /media/ { alias ${path.join(server.dataDir, 'media')}/; } } }`,
);
const nginx = spawn('nginx', ['-c', nginxConf, '-p', work], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));

function wrk(url: string) {
  const out = execFileSync('wrk', ['-t', '2', '-c', '64', '-d', '10s', '--latency', url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const transfer = /Transfer\/sec:\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
  return { rps, transfer, p99 };
}

const rows: string[] = [];
for (const [label, file] of [
  ['4 MB segment', 'bench-4mb.m4s'],
  ['playlist (master.m3u8)', 'master.m3u8'],
] as const) {
  const ours = wrk(`${server.base}/media/videos/${id}/${file}`);
  const theirs = wrk(`http://127.0.0.1:${nginxPort}/media/videos/${id}/${file}`);
  rows.push(
    `${label}: ours ${ours.rps.toFixed(0)} req/s (${ours.transfer}/s, p99 ${ours.p99}) | nginx ${theirs.rps.toFixed(0)} req/s (${theirs.transfer}/s, p99 ${theirs.p99}) | ratio ${(ours.rps / theirs.rps).toFixed(2)}`,
  );
}
console.log(rows.join('\n'));
nginx.kill('SIGTERM');
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
