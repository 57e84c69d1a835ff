// Upload of a 2 GiB video over loopback: server peak RSS growth and throughput vs `dd` to the same disk.
// Run: npx tsx bench/upload.ts [GiB]   (default 2)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { curlUpload, mib, paddedClip, registerViaApi, startServer, withPeakRss } from './support.ts';

const gib = Number(process.argv[2] ?? 2);
const bytes = Math.round(gib * 1024 ** 3);
const server = await startServer({ MAX_VIDEO_BYTES: String(bytes + 64 * 1024 ** 2), ROLE: 'api' });
const work = path.join(server.dataDir, 'bench');
await fs.mkdir(work, { recursive: true });

const big = await paddedClip(work, bytes);

const cookie = await registerViaApi(server.base, 'uploader');
const upload = await withPeakRss(server.pid, () => curlUpload(server.base, cookie, big));
const status = upload.result;
const uploadSeconds = upload.seconds;

const ddStart = performance.now();
execFileSync('dd', ['if=/dev/zero', `of=${path.join(work, 'dd.out')}`, 'bs=1M', `count=${gib * 1024}`], { stdio: 'ignore' });
const ddSeconds = (performance.now() - ddStart) / 1000;

const uploadRate = bytes / uploadSeconds;
const ddRate = bytes / ddSeconds;
console.log(`upload of ${gib} GiB: HTTP ${status}, ${uploadSeconds.toFixed(1)} s, ${mib(uploadRate)} MiB/s`);
console.log(`server RSS growth ${mib(upload.growth)} MiB (target <= 64)`);
console.log(`dd of the same bytes to the same disk: ${ddSeconds.toFixed(1)} s, ${mib(ddRate)} MiB/s`);
console.log(`throughput ratio upload/dd: ${(uploadRate / ddRate).toFixed(2)}`);
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
