// Issue 39's export figure: the export of an account with 2 GiB of videos grows the server's RSS by
// at most 64 MiB (the zip is streamed to storage, each video file passed through, never held).
// Run: npx tsx bench/export.ts [--gib 2] [--videos 8]
//   A server on a fresh DATA_DIR (one process: HTTP_WORKERS=1, so the export job runs in the
//   process measured); one real upload, transcoded; then its row copied `videos` times, each copy's
//   MP4 a file of 2 GiB / videos bytes (a real clip padded, sparse on disk); POST /api/users/me/export,
//   polled until ready; peak RSS minus RSS before, sampled every 50 ms.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { OUTPUT_FILES } from '../apps/server/src/media/ffmpeg-args.ts';
import { makeClip, mib, paddedClip, registerViaApi, startServer, uploadReady, withPeakRss } from './support.ts';

const { values: opts } = parseArgs({
  options: { gib: { type: 'string', default: '2' }, videos: { type: 'string', default: '8' } },
});
const totalBytes = Number(opts.gib) * 1024 ** 3;
const count = Number(opts.videos);

const server = await startServer({ HTTP_WORKERS: '1' });
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-export-bench-'));
try {
  const cookie = await registerViaApi(server.base, 'exporter');
  const clip = await makeClip(work, { seconds: 2, width: 320, height: 240 });
  const videoId = await uploadReady(server.base, cookie, clip, 'Export seed');

  const url = await runningEmbeddedUrl(path.join(server.dataDir, 'pg'));
  if (!url) throw new Error('the embedded database is not running');
  const db = new pg.Client({ connectionString: url });
  db.on('error', () => undefined);
  await db.connect();
  // Every column a copy may be given (generated ones, like the search vector, make themselves).
  const columns = (
    await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'videos' AND is_generated = 'NEVER'`,
    )
  ).rows.map((r) => r.column_name);
  const padded = await paddedClip(work, Math.floor(totalBytes / count));
  const mediaDir = path.join(server.dataDir, 'media');
  for (let i = 0; i < count; i++) {
    const id = newId();
    const mediaKey = `videos/bench-${id}`;
    const others = columns.filter((c) => c !== 'id' && c !== 'media_key').join(', ');
    await db.query(`INSERT INTO videos (id, media_key, ${others}) SELECT $1, $2, ${others} FROM videos WHERE id = $3`, [
      id,
      mediaKey,
      videoId,
    ]);
    await fs.mkdir(path.join(mediaDir, mediaKey), { recursive: true });
    // A hard link: the same sparse file under every copy's key, read in full by each.
    await fs.link(padded, path.join(mediaDir, mediaKey, OUTPUT_FILES.mp4));
  }
  await db.end();

  const { seconds, growth, result } = await withPeakRss(server.pid, async () => {
    const asked = await fetch(`${server.base}/api/users/me/export`, { method: 'POST', headers: { cookie } });
    if (asked.status !== 202) throw new Error(`export: ${asked.status} ${await asked.text()}`);
    for (;;) {
      const latest = (await (await fetch(`${server.base}/api/users/me/export`, { headers: { cookie } })).json()) as {
        data: { state: string; sizeBytes: number | null };
      };
      if (latest.data.state === 'failed') throw new Error('the export failed');
      if (latest.data.state === 'ready') return latest.data.sizeBytes ?? 0;
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  console.log(`export of ${count} videos, ${mib(totalBytes)} MiB of video files:`);
  console.log(`  zip ${mib(result)} MiB in ${seconds.toFixed(1)} s (${mib(result / seconds)} MiB/s)`);
  console.log(`  server RSS growth ${mib(growth)} MiB (target <= 64 MiB)`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await server.stop();
  await fs.rm(work, { recursive: true, force: true });
}
