import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { parseMediaPlaylist, type MediaSegment } from '../apps/server/src/media/hls-playlist.ts';
import { processesIn } from '../apps/server/test/clips.ts';
import { pushTestPattern } from '../apps/server/test/rtmp-push.ts';
import { registerViaApi, startServer } from './support.ts';

// A live stream end to end (docs/live.md): ffmpeg pushes a 720p30 test pattern with the wall
// clock burned in over RTMP to the real server for --seconds (60), and this prints the time from
// the first pushed frame to the first playable segment, the latency at the live edge (the newest
// segment's EXT-X-PROGRAM-DATE-TIME against the clock, and the newest frame's true age from the
// push's own timeline), the encoder's CPU, and whether it kept real time.

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    preset: { type: 'string' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '720' },
  },
});
const seconds = Number(values.seconds);
const rtmpPort = await freePort();
const env: Record<string, string> = { RTMP_PORT: String(rtmpPort), HTTP_WORKERS: '1', LOG_LEVEL: 'warn' };
if (values.preset) env.LIVE_PRESET = values.preset;
const server = await startServer(env);
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const ticks = 100;

try {
  const cookie = await registerViaApi(server.base, `live${Date.now()}`);
  const created = await fetch(`${server.base}/api/live`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Bench live', description: 'A clock over RTMP' }),
  });
  const { _id: videoId, streamKey } = ((await created.json()) as { data: { _id: string; streamKey: string } }).data;
  const api = async (url: string) =>
    ((await (await fetch(`${server.base}${url}`, { headers: { cookie } })).json()) as { data: any }).data;

  const push = pushTestPattern(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, {
    seconds,
    width: Number(values.width),
    height: Number(values.height),
    clock: true,
  });
  let firstPlayableMs: number | null = null;
  let master = '';
  while (firstPlayableMs === null) {
    if ((await api(`/api/live/${videoId}`)).status === 'live') firstPlayableMs = Date.now() - push.startedAt;
    else await new Promise((r) => setTimeout(r, 100));
    if (Date.now() - push.startedAt > 60_000) throw new Error('the live did not start in 60 s');
  }
  const watch = await api(`/api/video/v/${videoId}`);
  master = await (await fetch(`${server.base}${watch.hlsUrl}`)).text();
  const variants = master.split('\n').filter((line) => line.endsWith('.m3u8'));
  const top = variants.at(-1)!;
  const topUrl = `${server.base}${watch.hlsUrl.replace(/master\.m3u8$/, '')}${top}`;

  // The encoder: the ffmpeg working in this live's folder.
  const workDir = path.join(server.dataDir, 'work', 'live', videoId);
  const [encoderPid] = await processesIn(workDir);
  const cpuAt = async () => {
    const stat = (await fs.readFile(`/proc/${encoderPid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(stat[11]) + Number(stat[12])) / ticks;
  };
  const cpuStart = await cpuAt();
  const measuredFrom = Date.now();

  /** Seconds of media the live has (all its segments so far), from its playlist. */
  const mediaSeconds = async () => {
    const text = await (await fetch(topUrl)).text();
    const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0);
    return sequence * 2 + parseMediaPlaylist(text).segments.reduce((sum, s) => sum + s.durationSec, 0);
  };
  const mediaStart = await mediaSeconds();
  const pdtLag: number[] = [];
  const frameAge: number[] = [];
  let segments: MediaSegment[] = [];
  let firstSequence = 0;
  while (Date.now() - push.startedAt < seconds * 1000 - 1000) {
    const text = await (await fetch(topUrl)).text();
    const now = Date.now();
    segments = parseMediaPlaylist(text).segments;
    firstSequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0);
    const newest = segments.at(-1);
    if (newest?.programDateTime) {
      // The newest frame a player can have: the end of the newest segment.
      const pdt = Date.parse(newest.programDateTime.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
      pdtLag.push((now - pdt - newest.durationSec * 1000) / 1000);
      // Its true age: the push sends its frames at real time from its start (-re), and the live's
      // timeline is the push's (all segments so far, window start included).
      const mediaSec = (firstSequence + segments.length) * 2 - 2 + newest.durationSec;
      frameAge.push((now - push.startedAt) / 1000 - mediaSec);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const cpuSeconds = (await cpuAt().catch(() => cpuStart)) - cpuStart;
  const wallSeconds = (Date.now() - measuredFrom) / 1000;
  const encodedSeconds = (await mediaSeconds()) - mediaStart;
  await push.exit;

  const avg = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
  const half = Math.floor(frameAge.length / 2);
  const drift = avg(frameAge.slice(half)) - avg(frameAge.slice(0, half));
  const rungs = variants.map((v) => v.split('/')[0]).join(', ');
  console.log(
    `live bench: ${values.width}x${values.height}p30 for ${seconds} s, rungs ${rungs}, preset ${values.preset ?? 'default'}`,
  );
  console.log(`first pushed frame → first playable segment: ${(firstPlayableMs / 1000).toFixed(1)} s`);
  console.log(
    `live edge, newest segment's PROGRAM-DATE-TIME + its duration vs now: avg ${avg(pdtLag).toFixed(1)} s, max ${Math.max(...pdtLag).toFixed(1)} s`,
  );
  console.log(
    `live edge, newest frame's true age (push timeline): avg ${avg(frameAge).toFixed(1)} s, max ${Math.max(...frameAge).toFixed(1)} s; a player 3 segments behind the edge (hls.js default): ~${(avg(frameAge) + 6).toFixed(1)} s, 2 behind: ~${(avg(frameAge) + 4).toFixed(1)} s`,
  );
  console.log(
    `encoder CPU: ${cpuSeconds.toFixed(1)} s over ${wallSeconds.toFixed(1)} s = ${(cpuSeconds / wallSeconds).toFixed(2)} cores; per second of live: ${(cpuSeconds / Math.max(0.1, encodedSeconds)).toFixed(2)} CPU s (the cores one stream needs to keep real time)`,
  );
  console.log(
    `encoded ${encodedSeconds.toFixed(1)} s of live in ${wallSeconds.toFixed(1)} s: speed ${(encodedSeconds / wallSeconds).toFixed(2)}x`,
  );
  console.log(
    `real time: newest frame's age moved ${drift >= 0 ? '+' : ''}${drift.toFixed(2)} s from the first half to the second (${drift < 1 && encodedSeconds / wallSeconds >= 0.97 ? 'kept real time' : 'fell behind'})`,
  );
} finally {
  await server.stop();
  await fs.rm(server.dataDir, { recursive: true, force: true });
}
