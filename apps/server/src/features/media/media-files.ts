import fs from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { LRUCache } from 'lru-cache';

/** Content types by extension: the only kinds of file under /media. */
const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** Headers every media answer carries (what helmet gives the rest of the app and matters for files). */
const COMMON_HEADERS = {
  'Accept-Ranges': 'bytes',
  'X-Content-Type-Options': 'nosniff',
  // Players on another origin of the same site (a CDN host) may read them; other sites may not.
  'Cross-Origin-Resource-Policy': 'same-site',
} as const;

/** Large files go out in chunks of this size: fewer reads and socket writes than 64 KiB. */
const CHUNK_BYTES = 1024 * 1024;

export interface MediaFilesOptions {
  /** Total bytes of file contents kept in memory (least recently used dropped first). */
  cacheBytes: number;
  /** Files up to this size are kept in memory on first read: playlists, init segments, images, storyboards. */
  maxCachedFileBytes?: number;
  /**
   * Larger files up to this size (segments, small MP4s) are kept in memory once they are asked
   * for a second time while their first ask is still remembered: hot segments of a popular video
   * then cost one memory copy instead of a read per request, and a one-off watch of a long tail
   * video does not push the playlists out.
   */
  maxHotFileBytes?: number;
  /**
   * A file kept in memory is checked against the disk (one stat) when older than this; 0 (the
   * default): on every request, so a deleted video's files stop being served at once, on every
   * process, as the access module expects (it remembers that a video is open, not that it exists).
   * A function is asked on every request: the media handler trusts its memory longer while it
   * hears of every video whose files go (`forget`), and falls back to 0 when it does not.
   */
  revalidateMs?: number | (() => number);
  now?: () => number;
}

export interface ServeOptions {
  cacheControl: string;
  /** The file never changes any more (a finished video, an avatar): it may be kept in memory. */
  immutable: boolean;
}

/** What is known of one file: its validators and, when small, its bytes. */
interface FileEntry {
  size: number;
  mtimeMs: number;
  ino: number;
  etag: string;
  lastModified: string;
  body: Buffer | null;
  checkedAt: number;
  /** The headers of a whole-file answer for the last Cache-Control it was sent with (most answers). */
  prepared?: { cacheControl: string; headers: Record<string, string | number> };
}

/**
 * Serves files of the media folder over plain Node HTTP: strong ETags, Last-Modified, 304 for
 * If-None-Match / If-Modified-Since, single byte ranges (206, 416, If-Range), HEAD. Small files of
 * finished videos live in a memory cache bounded in bytes and are checked against the disk with
 * one stat per request (not open, read and close), so a deleted video's files stop being served
 * at once on every process. Files
 * that still change (the playlists of a video being encoded) are read from disk every time.
 * A file is opened before it is measured, so a playlist replaced meanwhile is served whole,
 * old or new, never a mix.
 */
export function createMediaFiles(options: MediaFilesOptions) {
  const maxCached = options.maxCachedFileBytes ?? 256 * 1024;
  const maxHot = Math.max(maxCached, options.maxHotFileBytes ?? 8 * 1024 * 1024);
  const revalidateAfter = options.revalidateMs ?? 0;
  const revalidateMs = typeof revalidateAfter === 'function' ? revalidateAfter : () => revalidateAfter;
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, FileEntry>({
    maxSize: Math.max(1, options.cacheBytes),
    sizeCalculation: (entry, key) => (entry.body?.length ?? 0) + key.length + 200,
  });
  /** Large files asked for once, recently: the next ask keeps them in memory. */
  const seenOnce = new LRUCache<string, true>({ max: 4096 });

  /**
   * Answers from memory, synchronously, when the file is kept and still on disk; false when it
   * is not kept (then `serve`).
   */
  function serveKept(req: IncomingMessage, res: ServerResponse, file: string, opts: ServeOptions): boolean {
    const cached = cache.get(file);
    if (!cached || !stillOnDisk(file, cached)) return false;
    respond(req, res, file, cached, opts, null);
    return true;
  }

  async function serve(req: IncomingMessage, res: ServerResponse, file: string, opts: ServeOptions): Promise<void> {
    const cached = opts.immutable ? cache.get(file) : undefined;
    if (cached && stillOnDisk(file, cached)) return respond(req, res, file, cached, opts, null);

    let handle: FileHandle;
    try {
      handle = await open(file, fs.constants.O_RDONLY);
    } catch (err) {
      throw asMissing(err);
    }
    let owned = true;
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new MediaFileMissing();
      const entry: FileEntry = {
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        ino: stat.ino,
        etag: `"${stat.ino.toString(36)}-${stat.size.toString(36)}-${Math.round(stat.mtimeMs * 1000).toString(36)}"`,
        lastModified: stat.mtime.toUTCString(),
        body: null,
        checkedAt: now(),
      };
      const keep = opts.immutable && (stat.size <= maxCached || (stat.size <= maxHot && seenOnce.has(file)));
      if (stat.size <= maxCached || keep) {
        entry.body = await readWhole(handle, stat.size);
        if (keep) {
          cache.set(file, entry);
          seenOnce.delete(file);
        } else cache.delete(file); // a file that still changes: nothing old of it is kept
        return respond(req, res, file, entry, opts, null);
      }
      if (opts.immutable && stat.size <= maxHot) seenOnce.set(file, true);
      owned = false;
      return respond(req, res, file, entry, opts, handle);
    } finally {
      if (owned) await handle.close().catch(() => {});
    }
  }

  /**
   * Whether a kept file is still the one on disk: one stat, taken synchronously. The file was read
   * moments ago, so its inode is in the kernel's cache and the stat costs about a microsecond,
   * far less than a round trip through the thread pool; it keeps a deleted video's files from
   * being served on any process the moment they are gone.
   */
  function stillOnDisk(file: string, entry: FileEntry): boolean {
    if (now() - entry.checkedAt < revalidateMs()) return true;
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      stat = undefined; // ENOTDIR and the like: gone as well
    }
    if (stat?.isFile() && entry.size === stat.size && entry.mtimeMs === stat.mtimeMs && entry.ino === stat.ino) {
      entry.checkedAt = now();
      return true;
    }
    cache.delete(file);
    return false;
  }

  /** Forgets what is kept of the files under `dir` (a video deleted by this process). */
  function forget(dir: string) {
    const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
    for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
  }

  return {
    serve,
    serveKept,
    forget,
    /** Forgets everything kept. */
    clear: () => cache.clear(),
    stats: () => ({ entries: cache.size, bytes: cache.calculatedSize }),
  };
}
export type MediaFiles = ReturnType<typeof createMediaFiles>;

/** The file is not there (or is no regular file): a 404. */
export class MediaFileMissing extends Error {}

function asMissing(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENAMETOOLONG' ? new MediaFileMissing() : err;
}

async function readWhole(handle: FileHandle, size: number): Promise<Buffer> {
  const body = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await handle.read(body, filled, size - filled, filled);
    if (bytesRead === 0) break; // shrank meanwhile: what was there
    filled += bytesRead;
  }
  return filled === size ? body : body.subarray(0, filled);
}

/**
 * Sends the answer for one file: 304, 416, 206 or 200, headers only for HEAD. `handle` is given
 * for files too large to keep in memory (streamed from it, and closed when done).
 */
function respond(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  entry: FileEntry,
  opts: ServeOptions,
  handle: FileHandle | null,
): void {
  // The common case, a plain GET of a kept file: headers prepared once, nothing else to decide.
  const conditional =
    req.headers.range !== undefined ||
    req.headers['if-none-match'] !== undefined ||
    req.headers['if-modified-since'] !== undefined;
  if (entry.body && !conditional) {
    res.writeHead(200, headersFor(file, entry, opts.cacheControl));
    res.end(req.method === 'HEAD' ? undefined : entry.body);
    return;
  }
  const size = entry.body ? entry.body.length : entry.size;
  const { 'Content-Length': _whole, ...headers } = headersFor(file, entry, opts.cacheControl);
  const finish = (status: number, body?: Buffer) => {
    if (handle) void handle.close().catch(() => {});
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  if (notModified(req, entry)) return finish(304);

  const range = requestedRange(req, entry, size);
  if (range === 'unsatisfiable') {
    headers['Content-Range'] = `bytes */${size}`;
    headers['Content-Length'] = 0;
    return finish(416);
  }
  const [start, end] = range ?? [0, size - 1];
  const length = size === 0 ? 0 : end - start + 1;
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  headers['Content-Length'] = length;
  const status = range ? 206 : 200;

  if (entry.body) return finish(status, range ? entry.body.subarray(start, end + 1) : entry.body);
  if (req.method === 'HEAD' || length === 0) return finish(status);

  res.writeHead(status, headers);
  const stream = handle!.createReadStream({ start, end, highWaterMark: CHUNK_BYTES, autoClose: true });
  pipeline(stream, res, () => {
    // A client that went away mid-file is no error; the handle closes with the stream.
  });
}

/** The headers of a whole-file 200 for this Cache-Control, prepared once per kept file. */
function headersFor(file: string, entry: FileEntry, cacheControl: string): Record<string, string | number> {
  if (entry.prepared?.cacheControl !== cacheControl) {
    const headers = {
      ...COMMON_HEADERS,
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
      ETag: entry.etag,
      'Last-Modified': entry.lastModified,
      'Content-Length': entry.body ? entry.body.length : entry.size,
    };
    entry.prepared = { cacheControl, headers };
  }
  return entry.prepared.headers;
}

/** RFC 9110 §13.1.2 / §13.1.3: If-None-Match wins over If-Modified-Since. */
function notModified(req: IncomingMessage, entry: FileEntry): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === '*') return true;
    return noneMatch.split(',').some((tag) => weakEqual(tag.trim(), entry.etag));
  }
  const since = req.headers['if-modified-since'];
  if (since === undefined) return false;
  const sinceMs = Date.parse(since);
  return Number.isFinite(sinceMs) && Math.floor(entry.mtimeMs / 1000) * 1000 <= sinceMs;
}

const weakEqual = (a: string, b: string) => a.replace(/^W\//, '') === b.replace(/^W\//, '');

/**
 * The one byte range asked for, or null for the whole file: no Range header, a Range that is not
 * one `bytes=` range (several ranges are answered whole, as RFC 9110 allows), or an If-Range that
 * no longer matches (the file changed: the whole new file). 'unsatisfiable' → 416.
 */
function requestedRange(req: IncomingMessage, entry: FileEntry, size: number): [number, number] | null | 'unsatisfiable' {
  const header = req.headers.range;
  if (header === undefined) return null;
  const ifRange = req.headers['if-range'];
  if (typeof ifRange === 'string') {
    const matches = ifRange.startsWith('"') ? ifRange === entry.etag : ifRange === entry.lastModified;
    if (!matches) return null;
  }
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // The last N bytes.
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null; // invalid: ignored
  if (start >= size) return 'unsatisfiable';
  return [start, end];
}
