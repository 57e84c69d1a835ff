// Resumable (tus) upload of a 2 GiB video over loopback, next to the plain multipart upload of the
// same file: server peak RSS growth and throughput of each; then a tus upload cut at 50 % (the
// connection dropped mid-chunk) and resumed from the offset the server reports: how many bytes
// were sent twice, against the chunk size.
// Run: npx tsx bench/tus-upload.ts [GiB] [chunk MiB]   (defaults 2, 64: the web app's chunk size)
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { addThumbnail, curlUpload, mib, paddedClip, registerViaApi, startServer, withPeakRss } from './support.ts';

const gib = Number(process.argv[2] ?? 2);
const chunk = Number(process.argv[3] ?? 64) * 1024 ** 2;
const bytes = Math.round(gib * 1024 ** 3);
const server = await startServer({ MAX_VIDEO_BYTES: String(bytes + 64 * 1024 ** 2), ROLE: 'api', UPLOAD_LIMIT_DEFAULT: '100' });
const work = path.join(server.dataDir, 'bench');
await fs.mkdir(work, { recursive: true });

const big = await paddedClip(work, bytes);
const cookie = await registerViaApi(server.base, 'tusbench');
const tusHeaders = { cookie, 'tus-resumable': '1.0.0' };

/** Peak RSS growth of the server while `run` runs. */
const measured = <T>(run: () => Promise<T>) => withPeakRss(server.pid, run);
const multipartUpload = () => curlUpload(server.base, cookie, big);

async function create(): Promise<string> {
  const res = await fetch(`${server.base}/api/uploads/`, {
    method: 'POST',
    headers: { ...tusHeaders, 'upload-length': String(bytes), 'upload-metadata': `filename ${btoa('big.mp4')}` },
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return new URL(res.headers.get('location')!, server.base).href;
}

async function serverOffset(url: string): Promise<number> {
  const res = await fetch(url, { method: 'HEAD', headers: tusHeaders });
  return Number(res.headers.get('upload-offset'));
}

/**
 * One PATCH of bytes [offset, end) streamed from disk. `cutAfter`: the connection is destroyed
 * once that many bytes of this request were handed to the socket (a dropped connection).
 */
function patch(url: string, offset: number, end: number, cutAfter?: number): Promise<{ sent: number; cut: boolean }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let cut = false;
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
    });
    const source = createReadStream(big, { start: offset, end: end - 1, highWaterMark: 1024 * 1024 });
    source.on('data', (data) => {
      sent += data.length;
      if (cutAfter !== undefined && sent >= cutAfter && !cut) {
        cut = true;
        source.destroy();
        req.destroy();
        resolve({ sent, cut });
      }
    });
    source.pipe(req);
    req.on('response', (res) => {
      res.resume();
      if (res.statusCode !== 204) reject(new Error(`PATCH ${res.statusCode}`));
      else resolve({ sent, cut });
    });
    req.on('error', (err) => (cut ? undefined : reject(err)));
  });
}

/** Sends the rest of the upload from `from` in chunks; `cutAt`: drop the connection there once. */
async function tusUpload(url: string, from = 0, cutAt?: number) {
  let offset = from;
  while (offset < bytes) {
    const end = Math.min(bytes, offset + chunk);
    if (cutAt !== undefined && cutAt >= offset && cutAt < end) {
      const { sent } = await patch(url, offset, end, cutAt - offset);
      return { cutAfterSending: offset + sent };
    }
    await patch(url, offset, end);
    offset = end;
  }
  return { cutAfterSending: null };
}

async function claim(url: string): Promise<number> {
  const form = new FormData();
  form.set('title', 'Big');
  form.set('description', 'Big upload');
  form.set('uploadId', url.split('/').pop()!);
  addThumbnail(form);
  return (await fetch(`${server.base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } })).status;
}

const multipart = await measured(multipartUpload);
const tus = await measured(async () => {
  const url = await create();
  await tusUpload(url);
  return claim(url);
});

// Cut at 50 % mid-chunk, then resume from what the server has.
const url = await create();
// The connection drops once the client has read 50 % of the file (plus the 1 MiB it reads at a time).
const cutAt = Math.floor(bytes / 2);
const { cutAfterSending } = await tusUpload(url, 0, cutAt);
await new Promise((r) => setTimeout(r, 500));
const resumeFrom = await serverOffset(url);
await tusUpload(url, resumeFrom);
const resumedStatus = await claim(url);
const sentTwice = cutAfterSending! - resumeFrom;

const rate = (seconds: number) => bytes / seconds / 1024 ** 2;
console.log(`file: ${mib(bytes)} MiB, tus chunk ${mib(chunk)} MiB`);
console.log(
  `multipart: HTTP ${multipart.result}, ${multipart.seconds.toFixed(1)} s, ${rate(multipart.seconds).toFixed(0)} MiB/s, server RSS growth ${mib(multipart.growth)} MiB`,
);
console.log(
  `tus:       HTTP ${tus.result} (claim), ${tus.seconds.toFixed(1)} s, ${rate(tus.seconds).toFixed(0)} MiB/s, server RSS growth ${mib(tus.growth)} MiB`,
);
console.log(`tus / multipart throughput: ${(multipart.seconds / tus.seconds).toFixed(2)}× (target ≥ 0.8×); RSS target ≤ 64 MiB`);
console.log(
  `cut at ${((cutAt / bytes) * 100).toFixed(1)} % ${mib(cutAfterSending!)} MiB handed to the socket, server had ${mib(resumeFrom)} MiB; ` +
    `sent again ${mib(sentTwice)} MiB (${((sentTwice / chunk) * 100).toFixed(1)} % of one chunk); claim HTTP ${resumedStatus}`,
);
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
