import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { once } from 'node:events';

const POLL_MS = 250;
/** A rung that gains no segment for this long while the video still processes is given up on. */
const STALL_MS = 60_000;

/** The variant playlist of the lowest-bandwidth rung named in a master playlist, or null. */
export function lowestRung(master: string): string | null {
  let best: { uri: string; bandwidth: number } | null = null;
  const lines = master.split('\n').map((l) => l.trim());
  lines.forEach((line, i) => {
    const m = /^#EXT-X-STREAM-INF:.*?\bBANDWIDTH=(\d+)/.exec(line);
    const uri = lines[i + 1];
    if (!m || !uri || uri.startsWith('#')) return;
    if (!best || Number(m[1]) < best.bandwidth) best = { uri, bandwidth: Number(m[1]) };
  });
  return (best as { uri: string } | null)?.uri ?? null;
}

/** The init segment and media segments a variant playlist names so far, and whether it is finished. */
export function readVariant(playlist: string): { init: string | null; segments: string[]; ended: boolean } {
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1] ?? null;
  const segments = playlist
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  return { init, segments, ended: playlist.includes('#EXT-X-ENDLIST') };
}

const safe = (name: string) => /^[\w-]+\.(?:mp4|m4s)$/.test(name);

/**
 * `video.mp4` of a video that is still encoding: its MP4 is only written whole at the end, so the
 * lowest rung's fragmented MP4 (init segment, then every media segment as ffmpeg finishes it) is
 * streamed instead, as one growing file without a length, until the rung's playlist ends. A plain
 * `<video src>` plays it from the moment the watch call names it (docs/decisions.md, "videoFile").
 * Answers false when there is nothing to stream yet (no master playlist: the caller's 404).
 */
export async function streamGrowingMp4(req: IncomingMessage, res: ServerResponse, folder: string): Promise<boolean> {
  const master = await fs.readFile(path.join(folder, 'master.m3u8'), 'utf8').catch(() => null);
  const variant = master && lowestRung(master);
  if (!variant || variant.includes('..')) return false;
  const variantPath = path.join(folder, variant);
  const rungDir = path.dirname(variantPath);
  const first = await fs.readFile(variantPath, 'utf8').catch(() => null);
  const init = first && readVariant(first).init;
  if (!init || !safe(init)) return false;

  res.writeHead(200, {
    'Content-Type': 'video/mp4',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  let closed = false;
  res.on('close', () => (closed = true));
  const write = async (file: string) => {
    const bytes = await fs.readFile(path.join(rungDir, file));
    if (!res.write(bytes) && !closed) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  };

  try {
    await write(init);
    let sent = 0;
    let lastNew = Date.now();
    while (!closed) {
      const playlist = await fs.readFile(variantPath, 'utf8');
      const { segments, ended } = readVariant(playlist);
      for (const segment of segments.slice(sent)) {
        if (closed || !safe(segment)) break;
        await write(segment);
        sent++;
        lastNew = Date.now();
      }
      if (ended && sent >= segments.length) break;
      if (Date.now() - lastNew > STALL_MS) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    res.end();
  } catch {
    // The folder went away (the video was deleted or its encode restarted): cut the stream.
    res.destroy();
  }
  return true;
}
