import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { text as readText } from 'node:stream/consumers';
import { languageLabel, type Caption, type OwnCaption, type UploadCaptionFields } from '@streamhub/contract';
import type { Events } from '../../events/events.ts';
import { BadInput, NotFound } from '../../lib/errors.ts';
import { OUTPUT_FILES } from '../../media/ffmpeg-args.ts';
import { buildSubtitlePlaylist, withSubtitles, type SubtitleTrack } from '../../media/hls-playlist.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AccessService } from '../access/access.service.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { readCaptionFile } from './caption-file.ts';
import type { CaptionQueries, CaptionRow, CaptionedVideo, CaptionsRepo } from './captions.repo.ts';

interface Deps {
  repo: CaptionsRepo;
  storage: Storage;
  /** Who may change a video's captions (its owner). */
  access: Pick<AccessService, 'assertVideoOwner'>;
  /** `video.changed` in the transaction of each change: list and search caches drop the video's old text. */
  events: Pick<Events, 'publish'>;
}

/** The master playlist every finished video has (written by its transcode). */
const PLAIN_MASTER = OUTPUT_FILES.master;
/** Immutable names: every change writes new ones, so every cache may keep any of them forever. */
const FILE_CACHE = 'public, max-age=31536000, immutable';

/** A track's files inside the video's folder (docs/captions.md, "Files"). */
export const captionFiles = (track: { language: string; rev: string }) => ({
  vtt: `captions/${track.language}-${track.rev}.vtt`,
  playlist: `captions/${track.language}-${track.rev}.m3u8`,
});

/** A fresh revision: names a track's files, or a master playlist, for one change. */
const newRev = () => randomBytes(6).toString('hex');

/** A track to store: uploaded by the owner, or made by the transcription job (`auto`). */
export interface NewTrack {
  language: string;
  label: string;
  auto: boolean;
  vtt: string;
  text: string;
}

/**
 * Captions (API.md §16, docs/captions.md): the owner uploads WebVTT or SRT per language, which is
 * checked, sanitised and stored as our own WebVTT; the video's folder gets the track, a subtitle
 * playlist, and a master playlist with the SUBTITLES group under a new name per change (every
 * media URL stays immutable), and the row names that master for the watch call.
 */
export function createCaptionsService({ repo, storage, access, events }: Deps) {
  /**
   * Writes the tracks' files, and the master with their SUBTITLES group once the video's own
   * master is final (`has_mp4`); returns the master's name (null: none to name) and records it.
   * Runs under the video's row lock, so concurrent changes publish in turn.
   */
  async function publishFiles(tx: CaptionQueries, video: CaptionedVideo, tracks: readonly CaptionRow[]): Promise<string | null> {
    for (const track of tracks) {
      const files = captionFiles(track);
      const name = files.vtt.slice('captions/'.length);
      await storage.putBuffer(`${video.media_key}/${files.vtt}`, Buffer.from(track.vtt), { cacheControl: FILE_CACHE });
      await storage.putBuffer(`${video.media_key}/${files.playlist}`, Buffer.from(buildSubtitlePlaylist(video.duration, name)), {
        cacheControl: FILE_CACHE,
      });
    }
    const plain = video.has_mp4 && tracks.length > 0 ? await readStored(`${video.media_key}/${PLAIN_MASTER}`) : null;
    let master: string | null = null;
    if (plain !== null) {
      const subtitles: SubtitleTrack[] = tracks.map((t) => ({
        language: t.language,
        label: t.label,
        uri: captionFiles(t).playlist,
      }));
      master = `master-c${newRev()}.m3u8`;
      await storage.putBuffer(`${video.media_key}/${master}`, Buffer.from(withSubtitles(plain, subtitles)), {
        cacheControl: FILE_CACHE,
      });
    }
    await tx.setMaster(video.id, master);
    return master;
  }

  async function readStored(key: string): Promise<string | null> {
    const object = await storage.read(key);
    return object ? readText(object.body) : null;
  }

  /** Removes files a change left behind (a replaced track's, the previous master); a failure leaves litter, never a broken video. */
  async function removeFiles(folder: string, names: readonly string[]) {
    await Promise.all(names.map((name) => storage.delete(`${folder}/${name}`).catch(() => {})));
  }

  /**
   * One change of a video's tracks, in one transaction under the video's lock: `change` alters
   * the rows, then the search words, the files and the master follow, and `video.changed` is
   * announced. The files of what was replaced go after the commit.
   */
  async function changeTracks(videoId: string, change: (tx: CaptionQueries) => Promise<string[]>): Promise<void> {
    const litter = await repo.transaction(async (tx, trx) => {
      const video = await tx.lockVideo(videoId);
      if (!video) throw new NotFound('Video not found');
      const replaced = await change(tx);
      await tx.refreshSearch(videoId);
      const master = await publishFiles(tx, video, await tx.tracks(videoId));
      await events.publish(trx, 'video.changed', { videoId });
      const oldMaster = video.captions_master && video.captions_master !== master ? [video.captions_master] : [];
      return { folder: video.media_key, names: [...replaced, ...oldMaster] };
    });
    await removeFiles(litter.folder, litter.names);
  }

  /** Adds or replaces a track; an auto track never replaces the owner's. False when it did not. */
  async function storeTrack(videoId: string, track: NewTrack): Promise<boolean> {
    let stored = false;
    await changeTracks(videoId, async (tx) => {
      const existing = await tx.find(videoId, track.language);
      if (track.auto && existing && !existing.auto) return [];
      await tx.upsert({ videoId, ...track, rev: newRev() });
      stored = true;
      return existing ? Object.values(captionFiles(existing)) : [];
    });
    return stored;
  }

  return {
    storeTrack,

    /**
     * POST /api/video/v/:videoId/captions: the owner's file (WebVTT or SRT, by content) for one
     * language; a second upload for the language replaces the first. 201 for a new track.
     */
    async upload(
      viewer: Viewer | null,
      videoId: string,
      fields: UploadCaptionFields,
      file: { path: string } | undefined,
    ): Promise<{ caption: { language: string; label: string }; created: boolean }> {
      await access.assertVideoOwner(videoId, viewer);
      if (!file) throw new BadInput('Caption file is required', [{ field: 'file', problem: 'is required' }]);
      const { vtt, text } = readCaptionFile(await fs.readFile(file.path));
      const label = fields.label || languageLabel(fields.language);
      const existed = Boolean(await repo.find(videoId, fields.language));
      await storeTrack(videoId, { language: fields.language, label, auto: false, vtt, text });
      return { caption: { language: fields.language, label }, created: !existed };
    },

    /** GET /api/video/v/:videoId/captions: the tracks, for their owner's edit page. */
    async list(viewer: Viewer | null, videoId: string): Promise<OwnCaption[]> {
      await access.assertVideoOwner(videoId, viewer);
      return (await repo.listed(videoId)).map(({ language, label, auto }) => ({ language, label, auto }));
    },

    /** DELETE /api/video/v/:videoId/captions/:language: 404 when the video has no such track. */
    async remove(viewer: Viewer | null, videoId: string, language: string): Promise<void> {
      await access.assertVideoOwner(videoId, viewer);
      await changeTracks(videoId, async (tx) => {
        const existing = await tx.find(videoId, language);
        if (!existing || !(await tx.remove(videoId, language))) throw new NotFound('No captions in this language');
        return Object.values(captionFiles(existing));
      });
    },

    /**
     * The watch call's `captions` (URLs under the video's media `base`, the token-checked path of
     * an exclusive video) and the master playlist to name: the one with the SUBTITLES group once
     * written, else the plain one.
     */
    async forWatch(
      videoId: string,
      base: string,
      captionsMaster: string | null,
    ): Promise<{ captions: Caption[]; master: string }> {
      const rows = await repo.listed(videoId);
      return {
        captions: rows.map((row) => ({ language: row.language, label: row.label, url: `${base}/${captionFiles(row).vtt}` })),
        master: rows.length > 0 && captionsMaster ? captionsMaster : PLAIN_MASTER,
      };
    },

    /**
     * Writes a video's caption files again (after its transcode: an attempt empties the folder,
     * and its own master is final only now) and the master with their SUBTITLES group. Idempotent.
     */
    async republish(videoId: string): Promise<void> {
      if ((await repo.listed(videoId)).length === 0) return;
      await changeTracks(videoId, async () => []);
    },
  };
}
export type CaptionsService = ReturnType<typeof createCaptionsService>;
