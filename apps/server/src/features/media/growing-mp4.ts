import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { once } from 'node:events';
import { parseMasterPlaylist, parseMediaPlaylist, type ByteRange } from '@streamhub/contract';

const POLL_MS = 250;
/** A rung that gains no segment for this long while the video still processes is given up on. */
const STALL_MS = 60_000;

/** The variant playlist of the lowest-bandwidth rung named in a master playlist, or null. */
export function lowestRung(master: string): string | null {
  const variants = parseMasterPlaylist(master).sort((a, b) => a.bitrate - b.bitrate);
  return variants[0]?.url ?? null;
}

/** One piece of the stream: a whole file (old layout) or a byte range of the rung's one file. */
type Part = { uri: string; range?: ByteRange };

/** The init section and the segments a variant playlist names so far, and whether it is finished. */
export function readVariant(playlist: string): { init: Part | null; segments: Part[]; ended: boolean } {
  const parsed = parseMediaPlaylist(playlist);
  const init = parsed.initUri === null ? null : { uri: parsed.initUri, ...(parsed.initRange ? { range: parsed.initRange } : {}) };
  const segments = parsed.segments.map(({ uri, range }) => (range ? { uri, range } : { uri }));
  return { init, segments, ended: parsed.ended };
}

const safe = (part: Part) => /^[\w-]+\.(?:mp4|m4s)$/.test(part.uri);

/** The bytes of one part: the whole file, or exactly its range (a range not yet written is an error). */
async function readPart(rungDir: string, part: Part): Promise<Buffer> {
  const file = path.join(rungDir, part.uri);
  if (!part.range) return fs.readFile(file);
  const handle = await fs.open(file, 'r');
  try {
    const bytes = Buffer.allocUnsafe(part.range.length);
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, part.range.offset + filled);
      if (bytesRead === 0) throw new Error('The range is not written yet');
      filled += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

/**
 * `video.mp4` of a video that is still encoding: the top rung's file is published only whole, at
 * the end, so the lowest rung's fragmented MP4 (init section, then every fragment as ffmpeg
 * finishes it: byte ranges of its one file, or the old layout's segment files) is streamed
 * instead, as one growing file without a length, until the rung's playlist ends. A plain
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
  const write = async (part: Part) => {
    const bytes = await readPart(rungDir, part);
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
