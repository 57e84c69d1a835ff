// Exclusive media through the access module's gate: a playlist (master.m3u8) and a 4 MB segment
// of an exclusive video requested with the watcher's token and session (the rule is asked on every
// request), next to the same files of a public video (open: no query). autocannon, 64 connections
// (8 for the segment), 10 s each. Run: npx tsx bench/exclusive-media.ts
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { addThumbnail, registerViaApi, startServer } from './support.ts';

const server = await startServer({ ROLE: 'all' });
const cookie = await registerViaApi(server.base, 'exclusivebench');
const clip = path.join(server.dataDir, 'clip.mp4');
execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2', '-c:v', 'mpeg4', clip]);

async function upload(exclusive: boolean) {
  const form = new FormData();
  form.set('title', 'Bench');
  form.set('description', 'Bench');
  if (exclusive) form.set('isExclusive', 'true');
  addThumbnail(form);
  form.set('videoFile', new Blob([await fs.readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${server.base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } });
  const id = (await res.json()).data._id as string;
  // Exclusive videos' files live under exclusive/<id> (apps/server/src/storage/media-keys.ts).
  const dir = path.join(server.dataDir, 'media', exclusive ? 'exclusive' : 'videos', id);
  for (;;) {
    const v = (await (await fetch(`${server.base}/api/video/v/${id}`, { headers: { cookie } })).json()).data;
    if (v?.status === 'ready' && (await fs.stat(path.join(dir, 'video.mp4')).catch(() => null))) {
      await fs.writeFile(path.join(dir, 'bench-4mb.m4s'), randomBytes(4 * 1024 * 1024));
      return (v.hlsUrl as string).replace(/master\.m3u8$/, '');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const [open, exclusive] = [await upload(false), await upload(true)];
const rows: string[] = [];
for (const file of ['master.m3u8', 'bench-4mb.m4s']) {
  for (const [label, base] of [
    ['public', open],
    ['exclusive', exclusive],
  ] as const) {
    const r = await autocannon({
      url: `${server.base}${base}${file}`,
      connections: file.endsWith('.m4s') ? 8 : 64,
      duration: 10,
      headers: { cookie },
    });
    rows.push(`${file} ${label}: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
  }
}
console.log(rows.join('\n'));
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
