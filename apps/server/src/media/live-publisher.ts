import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../storage/storage.ts';
import { buildMasterPlaylist } from './hls-playlist.ts';
import { parseMediaPlaylist } from '@streamhub/contract';
import { LIVE_MASTER, LIVE_PLAYLIST, livePublishFiles } from './live-args.ts';
import { buildLivePlaylist, type LiveSegment } from './live-playlist.ts';
import type { Rung } from './ladder.ts';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface LivePublisherOptions {
  storage: Storage;
  /** The live work folder ffmpeg writes in. */
  workDir: string;
  /** `<media_key>/live`: where viewers read the live from. */
  folderKey: string;
  rungs: readonly Rung[];
  publish: number;
  /** Segments per served playlist (the DVR window). */
  window: number;
  /** Each rung's segments so far, across the live's publishes (kept by the caller, added to here). */
  segments: Map<string, LiveSegment[]>;
}

/**
 * Moves a live's segments from ffmpeg's work folder into storage (local disk or bucket) as
 * ffmpeg finishes them (it names a segment in its playlist only once the segment is whole:
 * temp_file), then rewrites each rung's served playlist: the last `window` segments, its
 * playlist last, so it never names a file that is not stored. The master is written once per
 * publish, before any rung playlist can be asked for.
 */
export function createLivePublisher(options: LivePublisherOptions) {
  const { storage, workDir, folderKey, rungs, publish } = options;
  const initStored = new Set<string>();
  let syncing: Promise<boolean> = Promise.resolve(false);

  async function writeMaster() {
    const master = buildMasterPlaylist(
      [...rungs],
      rungs.map((rung) => rung.name),
      (rung) => `${rung.name}/${LIVE_PLAYLIST}`,
    );
    await storage.putBuffer(`${folderKey}/${LIVE_MASTER}`, Buffer.from(master), { cacheControl: NO_CACHE });
  }

  /** One rung: stores its new segments and rewrites its playlist; true when it has any segment. */
  async function syncRung(rung: Rung, ended: boolean): Promise<boolean> {
    const files = livePublishFiles(rung, publish);
    const text = await fs.readFile(path.join(workDir, files.playlist), 'utf8').catch(() => null);
    const list = options.segments.get(rung.name) ?? [];
    options.segments.set(rung.name, list);
    if (text !== null) {
      const playlist = parseMediaPlaylist(text);
      const known = new Set(list.filter((s) => s.publish === publish).map((s) => s.uri));
      const fresh = playlist.segments.filter((segment) => !known.has(segment.uri));
      if (fresh.length > 0 && playlist.initUri && !initStored.has(rung.name)) {
        // Copied, not moved: ffmpeg may still rewrite it.
        const init = await fs.readFile(path.join(workDir, rung.name, playlist.initUri));
        await storage.putBuffer(`${folderKey}/${rung.name}/${playlist.initUri}`, init, { cacheControl: IMMUTABLE });
        initStored.add(rung.name);
      }
      for (const segment of fresh) {
        await storage.putFile(`${folderKey}/${rung.name}/${segment.uri}`, path.join(workDir, rung.name, segment.uri), {
          cacheControl: IMMUTABLE,
        });
        list.push({
          uri: segment.uri,
          durationSec: segment.durationSec,
          programDateTime: segment.programDateTime,
          initUri: playlist.initUri ?? '',
          publish,
        });
      }
      if (fresh.length === 0 && !ended) return list.length > 0;
    }
    if (list.length > 0) {
      const served = buildLivePlaylist(list, options.window, ended);
      await storage.putBuffer(`${folderKey}/${rung.name}/${LIVE_PLAYLIST}`, Buffer.from(served), { cacheControl: NO_CACHE });
    }
    return list.length > 0;
  }

  /** Every rung; true once every rung has a segment (the live plays). Calls never overlap. */
  function sync(ended = false): Promise<boolean> {
    syncing = syncing
      .catch(() => false)
      .then(async () => (await Promise.all(rungs.map((rung) => syncRung(rung, ended)))).every(Boolean));
    return syncing;
  }

  return { writeMaster, sync };
}
export type LivePublisher = ReturnType<typeof createLivePublisher>;
