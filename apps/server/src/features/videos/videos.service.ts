import fs from 'node:fs/promises';
import path from 'node:path';
import type { EditVideoFields, UploadVideoFields, Uploads, WatchVideo } from '@streamhub/contract';
import { MIN_VIDEO_PRICE } from '@streamhub/contract';
import type { Config } from '../../config.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { BadInput, Forbidden, NotFound, Unauthorized, UnsupportedMedia } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { normaliseImage, THUMBNAIL_SIZE } from '../../lib/images.ts';
import { extractThumbnail, NoFrameError } from '../../media/transcode.ts';
import { probeMedia } from '../../media/probe.ts';
import { STORYBOARD_VTT } from '../../media/storyboard.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { MediaTokens } from '../media/media-tokens.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { toAmount, toDashboardVideo } from './video-card.ts';
import type { VideosRepo } from './videos.repo.ts';

interface Deps {
  repo: VideosRepo;
  storage: Storage;
  config: Config;
  tokens: MediaTokens;
  queue: JobQueue;
  users: Pick<UsersService, 'exists'>;
  subscriptions: Pick<SubscriptionsService, 'isSubscribed' | 'subscriberCount'>;
}

interface UploadFiles {
  videoFile?: { path: string };
  thumbnail?: { path: string };
}

/** Who may watch a video: the rule every media path goes through (purchases extend it). */
export interface WatchRule {
  canWatch(video: { id: string; owner_id: string; is_exclusive: boolean }, viewer: Viewer | null): Promise<boolean>;
}

export const ownerOrPublic: WatchRule = {
  async canWatch(video, viewer) {
    return !video.is_exclusive || video.owner_id === viewer?._id;
  },
};

const NOT_A_VIDEO = 'File must be a video';

/** Finished videos whose media access is remembered per process (see mediaAccess). */
const MEDIA_ACCESS_CACHE_SIZE = 10_000;

export function createVideosService(
  { repo, storage, config, tokens, queue, users, subscriptions }: Deps,
  rule: WatchRule = ownerOrPublic,
) {
  const videoPrefix = (id: string) => `videos/${id}`;
  /**
   * Whether a finished video is exclusive, so that serving its segments does not ask the database
   * every time. Safe to keep: `is_exclusive` never changes after upload and a finished video's
   * files never change; once a video is deleted its files are gone, which answers 404 anyway.
   */
  const finishedExclusive = new Map<string, boolean>();

  /** Whether the video is exclusive and whether its files are final (no longer change). */
  async function mediaInfo(videoId: string): Promise<{ isExclusive: boolean; final: boolean }> {
    const remembered = finishedExclusive.get(videoId);
    if (remembered !== undefined) return { isExclusive: remembered, final: true };
    const video = await repo.findAccessInfo(videoId);
    if (!video) throw new NotFound('Not found');
    if (video.has_mp4) {
      if (finishedExclusive.size >= MEDIA_ACCESS_CACHE_SIZE) finishedExclusive.delete(finishedExclusive.keys().next().value!);
      finishedExclusive.set(videoId, video.is_exclusive);
    }
    return { isExclusive: video.is_exclusive, final: video.has_mp4 };
  }

  async function loadOwned(videoId: string, viewer: Viewer) {
    const video = await repo.findById(videoId);
    if (!video) throw new NotFound('Video not found');
    if (video.owner_id !== viewer._id) throw new Forbidden('Only the owner can change this video');
    return video;
  }

  async function storeThumbnail(videoId: string, source: string): Promise<string> {
    const key = `thumbnails/${videoId}-${newId()}.webp`;
    await storage.putBuffer(key, await normaliseImage(source, THUMBNAIL_SIZE));
    return storage.publicUrl(key);
  }

  async function removeByUrl(url: string) {
    const prefix = storage.publicUrl('');
    if (url.startsWith(prefix)) await storage.delete(url.slice(prefix.length)).catch(() => {});
  }

  async function uploadQuota(userId: string): Promise<Uploads> {
    const [uploaded, extra] = await Promise.all([repo.countByOwner(userId), repo.extraUploads(userId)]);
    return { uploaded, uploadLimit: config.uploadLimitDefault + extra };
  }

  /** An exclusive video's media token, bound to the viewer's session (features/media/media-tokens.ts). */
  function exclusiveToken(video: { id: string; duration: number }, viewer: Viewer | null): string {
    // Nobody watches an exclusive video without a session; without one there is nothing to bind to.
    if (!viewer) throw new Unauthorized('No access to this video');
    return tokens.issue(video.id, viewer.sessionId, video.duration);
  }

  /**
   * The watch call (API.md §6). Unready videos exist only for their owner; an exclusive video
   * needs access; its file URLs carry a short-lived token bound to video and session.
   */
  async function watch(
    videoId: string,
    viewer: Viewer | null,
    opts: { countView: boolean; viewerKey?: string } = { countView: true },
  ): Promise<WatchVideo> {
    let row = await repo.findForWatch(videoId);
    const isOwner = row?.owner_id === viewer?._id;
    if (!row || (row.status !== 'ready' && !isOwner)) throw new NotFound('Video not found');
    if (!(await rule.canWatch(row, viewer))) throw new Unauthorized('No access to this video');
    if (opts.countView && row.status === 'ready' && opts.viewerKey && (await repo.recordView(row.id, opts.viewerKey))) {
      row = { ...row, views: row.views + 1 };
    }
    const base = row.is_exclusive
      ? `/media/t/${exclusiveToken(row, viewer)}/${videoPrefix(row.id)}`
      : storage.publicUrl(videoPrefix(row.id));
    const [isLiked, isSubscribed, subscribers] = await Promise.all([
      viewer ? repo.isLiked(viewer._id, row.id) : false,
      viewer ? subscriptions.isSubscribed(viewer._id, row.owner_id) : false,
      subscriptions.subscriberCount(row.owner_id),
    ]);
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      thumbnail: row.thumbnail,
      // A ready video always names its MP4 (its path is fixed), even in the moments between the
      // first HLS rung going live and the MP4 being finished: clients read a URL, players use HLS.
      videoFile: row.has_mp4 || row.status === 'ready' ? `${base}/video.mp4` : null,
      hlsUrl: row.has_hls ? `${base}/master.m3u8` : null,
      // Written by the transcode job before it marks the video done (media/storyboard.ts).
      storyboardUrl: row.has_mp4 ? `${base}/${STORYBOARD_VTT}` : null,
      duration: row.duration,
      views: row.views,
      likes: row.likes,
      isLiked,
      subscribers,
      isSubscribed,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      isExclusive: row.is_exclusive,
      price: toAmount(row.price_minor),
      status: row.status,
      owner: { _id: row.owner_id, fullname: row.owner_fullname, username: row.owner_username, avatar: row.owner_avatar },
    };
  }

  return {
    uploadQuota,

    /** Fails fast before the body is read; checked again inside the insert transaction. */
    async assertCanUpload(viewer: Viewer) {
      const { uploaded, uploadLimit } = await uploadQuota(viewer._id);
      if (uploaded >= uploadLimit) throw new Forbidden('Upload limit reached');
    },

    async upload(viewer: Viewer, fields: UploadVideoFields, files: UploadFiles) {
      if (!files.videoFile) throw new BadInput('Video file is required', [{ field: 'videoFile', problem: 'is required' }]);
      // Sniffed, then probed with the sniffed container's demuxer only (media/probe.ts).
      const probe = await probeMedia(files.videoFile.path);
      if (!probe) throw new UnsupportedMedia(NOT_A_VIDEO);
      const id = newId();
      let thumbnail: string;
      if (files.thumbnail) {
        thumbnail = await storeThumbnail(id, files.thumbnail.path);
      } else {
        // No thumbnail uploaded: take a frame from the video.
        const frame = path.join(config.tmpDir, `${id}.jpg`);
        try {
          await extractThumbnail(files.videoFile.path, frame, probe);
          thumbnail = await storeThumbnail(id, frame);
        } catch (err) {
          throw err instanceof NoFrameError ? new UnsupportedMedia(NOT_A_VIDEO) : err;
        } finally {
          await fs.rm(frame, { force: true });
        }
      }
      const priceMinor = fields.isExclusive ? Math.round((fields.price ?? MIN_VIDEO_PRICE) * 100) : null;
      const sourceKey = `sources/${id}`;
      await storage.putFile(sourceKey, files.videoFile.path);
      try {
        await repo.transaction(async (tx, trx) => {
          await tx.lockOwner(viewer._id);
          const uploaded = await tx.countByOwner(viewer._id);
          if (uploaded >= config.uploadLimitDefault + (await tx.extraUploads(viewer._id))) {
            throw new Forbidden('Upload limit reached');
          }
          await tx.insert({
            id,
            ownerId: viewer._id,
            title: fields.title,
            description: fields.description,
            thumbnail,
            duration: probe.durationSec,
            isExclusive: fields.isExclusive,
            priceMinor,
            sourceKey,
          });
          await queue.send(
            'video.transcode',
            { videoId: id },
            { trx, expireInSeconds: Math.ceil(config.jobs.expireBaseSeconds + 4 * probe.durationSec) },
          );
        });
      } catch (err) {
        await storage.delete(sourceKey);
        await removeByUrl(thumbnail);
        throw err;
      }
      queue.nudge('video.transcode');
      return watch(id, viewer, { countView: false });
    },

    watch,

    /**
     * The gate of everything done to a listed video (like, comment, history): missing or not
     * ready → 404; exclusive without access → 401, as the watch call answers (API.md §1, §6).
     */
    async assertWatchable(videoId: string, viewer: Viewer | null): Promise<void> {
      const row = await repo.findAccessInfo(videoId);
      if (!row || row.status !== 'ready') throw new NotFound('Video not found');
      if (!(await rule.canWatch(row, viewer))) throw new Unauthorized('No access to this video');
    },

    /**
     * The media gate: a public video's files are open; an exclusive video's files need a token
     * that the watch call issued to someone allowed to watch, presented with the same session
     * (`sessionId` of the request's cookie). `final` says the files no longer change.
     * A video that does not exist (or no longer) is a 404.
     */
    async mediaAccess(
      videoId: string,
      token: string | null,
      sessionId: string | null,
    ): Promise<{ allowed: boolean; final: boolean }> {
      const { isExclusive, final } = await mediaInfo(videoId);
      if (!isExclusive) return { allowed: true, final };
      return { allowed: token !== null && tokens.verify(token, videoId, sessionId), final };
    },

    async details(videoId: string) {
      const video = await repo.findById(videoId);
      if (!video) throw new NotFound('Video not found');
      return {
        _id: video.id,
        title: video.title,
        description: video.description,
        thumbnail: video.thumbnail,
        owner: video.owner_id,
      };
    },

    async edit(viewer: Viewer, videoId: string, fields: EditVideoFields, thumbnailPath: string | undefined) {
      const video = await loadOwned(videoId, viewer);
      const thumbnail = thumbnailPath ? await storeThumbnail(video.id, thumbnailPath) : undefined;
      const patch = { title: fields.title, description: fields.description, thumbnail };
      // Nothing sent: the video as it is, unchanged (and updatedAt untouched).
      if (Object.values(patch).some((v) => v !== undefined)) {
        await repo.updateDetails(video.id, patch);
        if (thumbnail) await removeByUrl(video.thumbnail);
      }
      return watch(video.id, viewer, { countView: false });
    },

    /** Deletes the row (likes, views, history cascade) and every file; a running job sees it gone. */
    async remove(viewer: Viewer, videoId: string) {
      const video = await loadOwned(videoId, viewer);
      await repo.delete(video.id);
      await removeVideoFiles(video.id, video.thumbnail, video.source_key);
    },

    async channelVideos(channelId: string, viewer: Viewer | null) {
      const isOwner = viewer?._id === channelId;
      if (!isOwner && !(await users.exists(channelId))) throw new NotFound('Channel does not exist');
      const rows = await repo.listByOwner(channelId, isOwner);
      return { videos: rows.map(toDashboardVideo), uploads: await uploadQuota(channelId) };
    },
  };

  async function removeVideoFiles(id: string, thumbnail: string, sourceKey: string | null) {
    await storage.deletePrefix(videoPrefix(id));
    if (sourceKey) await storage.delete(sourceKey);
    await removeByUrl(thumbnail);
  }
}
export type VideosService = ReturnType<typeof createVideosService>;
/** What features acting on a video (likes, comments, history) need: the one watch rule. */
export type WatchGate = Pick<VideosService, 'assertWatchable'>;
