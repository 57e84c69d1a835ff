import type { CountedView, EditVideoFields, UploadVideoFields, WatchVideo } from '@streamhub/contract';
import { MIN_VIDEO_PRICE, parseChapters, toAmount, toMinorUnits } from '@streamhub/contract';
import type { Config } from '../../config.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { BadInput, Conflict, Forbidden, Gone, NotFound, Unauthorized, UnsupportedMedia } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { mediaKeys, thumbnailCardKey, thumbnailFiles } from '../../storage/media-keys.ts';
import { normaliseImage, THUMBNAIL_SIZE, thumbnailCardCopy } from '../../lib/images.ts';
import { probeMedia } from '../../media/probe.ts';
import { STORYBOARD_VTT } from '../../media/storyboard.ts';
import { candidateFile } from '../../media/thumbnail-candidates.ts';
import type { Storage } from '../../storage/storage.ts';
import { assertRoomFor } from '../../storage/disk-space.ts';
import type { Events } from '../../events/events.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { AccessService } from '../access/access.service.ts';
import type { MediaTokens } from '../media/media-tokens.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { Channels } from '../users/channels.ts';
import type { PurchasesService } from '../purchases/purchases.service.ts';
import { liveFields, liveMasterUrl } from '../live/live-watch.ts';
import { toDashboardVideo } from '../access/video-card.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { VideoQueries, VideosRepo } from './videos.repo.ts';
import type { AddressCap } from './address-cap.ts';
import type { Visitor } from './viewer-key.ts';
import type { ViewCounter } from './view-counter.ts';
import { cancelPublication, endSchedule, queuePublication } from './scheduled-publishing.ts';
import type { CaptionsService } from '../captions/captions.service.ts';

interface Deps {
  repo: VideosRepo;
  storage: Storage;
  config: Config;
  tokens: MediaTokens;
  queue: JobQueue;
  channels: Channels;
  subscriptions: Pick<SubscriptionsService, 'isSubscribed' | 'subscriberCount'>;
  /** Who may watch what (the watch call asks it first) and how many videos one may upload. */
  access: Pick<AccessService, 'assertCanWatch' | 'assertVisible' | 'uploadQuota' | 'assertCanUpload' | 'on' | 'isStaff'>;
  /** What happened, announced in the transaction of the change (a deleted video's files went). */
  events: Pick<Events, 'publish'>;
  /** A deleted video's buyers are refunded in full (docs/paid-content.md, "Buyer protection"). */
  refunds: Pick<PurchasesService, 'on'>;
  /** Counted views, written in batches. */
  views: Pick<ViewCounter, 'count' | 'shown'>;
  /** How many views of one video one address may add in an hour (address-cap.ts). */
  viewsPerAddress: Pick<AddressCap, 'allows'>;
  /** The watch call's caption tracks and the master playlist that names them (features/captions). */
  captions: Pick<CaptionsService, 'forWatch'>;
}

/** The refund reason a buyer reads in their purchase history when the creator deleted the video. */
const DELETED_BY_CREATOR = 'The creator deleted this video';

interface UploadFiles {
  videoFile?: { path: string; size: number };
  thumbnail?: { path: string };
}

/** PATCH membersOnly on a live that waits or streams (its files are written where it started). */
export const MEMBERS_ONLY_WHILE_LIVE = 'Members only can change once the live has ended';
const NOT_A_VIDEO = 'File must be a video';
const ONLY_FAILED = 'Only a failed video can be retried';
const SOURCE_GONE = 'The uploaded file of this video is no longer stored: upload it again';

/**
 * API.md §6 and SPEC §5: an upload carries a thumbnail image. Checked before the video is probed
 * or stored, and before a resumable upload is claimed (with S3, fetched from the bucket).
 */
function requireThumbnail(files: UploadFiles): { path: string } {
  if (!files.thumbnail) throw new BadInput('Thumbnail is required', [{ field: 'thumbnail', problem: 'is required' }]);
  return files.thumbnail;
}

export function createVideosService({
  repo,
  storage,
  config,
  tokens,
  queue,
  channels,
  subscriptions,
  access,
  events,
  refunds,
  views,
  viewsPerAddress,
  captions,
}: Deps) {
  async function loadOwned(videoId: string, viewer: Viewer) {
    const video = await repo.findById(videoId);
    if (!video) throw new NotFound('Video not found');
    if (video.owner_id !== viewer._id) throw new Forbidden('Only the owner can change this video');
    return video;
  }

  /**
   * The thumbnail's storage key (a new one per change); responses carry its URL. One wider than a
   * card is stored with its card copy (the copy first: the key that names it is never without it).
   */
  async function storeThumbnail(videoId: string, source: string): Promise<string> {
    const image = await normaliseImage(source, THUMBNAIL_SIZE);
    const card = await thumbnailCardCopy(image);
    const key = mediaKeys.thumbnail(videoId, card !== null);
    const cardKey = thumbnailCardKey(key);
    if (card && cardKey) await storage.putBuffer(cardKey, card);
    await storage.putBuffer(key, image);
    return key;
  }

  /**
   * Candidate `index` of the video's `candidates/` folder (API.md §22), stored as a new thumbnail;
   * its key. 400 when the video has no such candidate.
   */
  async function storeCandidate(video: { id: string; media_key: string; thumbnail_candidates: number }, index: number) {
    const read = index < video.thumbnail_candidates ? await storage.read(`${video.media_key}/${candidateFile(index)}`) : null;
    if (!read) throw new BadInput('No such thumbnail candidate', [{ field: 'thumbnailCandidate', problem: 'no such candidate' }]);
    const chunks: Buffer[] = [];
    for await (const chunk of read.body) chunks.push(chunk as Buffer);
    const key = mediaKeys.thumbnail(video.id);
    await storage.putBuffer(key, Buffer.concat(chunks));
    return key;
  }

  async function removeThumbnail(key: string) {
    for (const file of thumbnailFiles(key)) await storage.delete(file).catch(() => {});
  }

  /**
   * The access rule's watch gate, and a removed video's 410 (API.md §12): the rule knows no
   * removed video (404), so only a refusal asks why; the happy path costs nothing more.
   */
  async function assertCanWatch(videoId: string, viewer: Viewer | null): Promise<'watch' | 'card'> {
    try {
      return await access.assertCanWatch(videoId, viewer);
    } catch (err) {
      const removal = err instanceof NotFound ? await repo.removal(videoId) : undefined;
      if (!removal) throw err;
      const why = removal.removed_by === 'takedown' ? removal.removed_reason : 'its channel is suspended';
      throw new Gone(`This video was removed: ${why}`);
    }
  }

  /** An exclusive video's media token, bound to the viewer's session (features/media/media-tokens.ts). */
  function exclusiveToken(video: { id: string; duration: number }, viewer: Viewer | null): string {
    // Nobody watches an exclusive video without a session; without one there is nothing to bind to.
    if (!viewer) throw new Unauthorized('No access to this video');
    return tokens.issue(video.id, viewer.sessionId, video.duration);
  }

  /**
   * A view of a ready video, counted once per viewer and rolling hour (their mark) and no more
   * than the address's cap allows; true when it counted.
   */
  async function countOnce(row: { id: string; status: string }, visit: Visitor): Promise<boolean> {
    const counted =
      row.status === 'ready' && (await repo.markView(row.id, visit.key)) && (await viewsPerAddress.allows(row.id, visit.address));
    if (counted) await views.count(row.id);
    return counted;
  }

  /**
   * The watch call (API.md §6). The access module decides: unready videos exist only for their
   * owner (404), an exclusive video needs access (401 with a reason); the file URLs of an
   * exclusive video carry a short-lived token bound to video and session.
   */
  async function watch(
    videoId: string,
    viewer: Viewer | null,
    opts: { countView: boolean; viewer?: Visitor } = { countView: true },
  ): Promise<WatchVideo> {
    // 'card': a live waiting for its stream, to a viewer who may not watch it once live.
    const card = (await assertCanWatch(videoId, viewer)) === 'card';
    let row = await repo.findForWatch(videoId);
    // Deleted between the two statements.
    if (!row) throw new NotFound('Video not found');
    const counted = opts.countView && opts.viewer ? await countOnce(row, opts.viewer) : false;
    // This process's counted views show at once in its answers; lists show them once written.
    row = { ...row, views: views.shown(row.id, row.views, counted) };
    // Exclusive media, a scheduled video's (its owner's alone until published) and a private
    // video's (its owner's alone) only through the app's token-checked path (same origin, so the
    // session cookie goes along); public media from wherever the driver serves them (app, bucket, CDN).
    // A card names no media: a live waiting for its stream has none yet (and it turned live or
    // ended between the two statements: still nothing, until the viewer asks again).
    if (card) row = { ...row, has_mp4: false, has_hls: false, live_state: 'waiting' };
    const tokenised = row.is_exclusive || row.members_only || row.status === 'scheduled' || row.visibility === 'private';
    const base = card
      ? ''
      : tokenised
        ? `/media/t/${exclusiveToken(row, viewer)}/videos/${row.id}`
        : storage.publicUrl(row.media_key);
    const [isLiked, isSubscribed, subscribers, tracks] = await Promise.all([
      viewer ? repo.isLiked(viewer._id, row.id) : false,
      viewer ? subscriptions.isSubscribed(viewer._id, row.owner_id) : false,
      subscriptions.subscriberCount(row.owner_id),
      card ? { captions: [], master: '' } : captions.forWatch(row.id, base, row.captions_master),
    ]);
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      thumbnail: row.thumbnail,
      // Named from the moment the first rung plays: until the whole MP4 is written (aside, renamed,
      // then recorded) the same URL streams the lowest rung as one growing fragmented MP4, so a
      // plain <video src> plays whatever moment it sees it (docs/decisions.md, "videoFile").
      videoFile: row.has_mp4 || row.has_hls ? `${base}/video.mp4` : null,
      hlsUrl: row.has_hls ? `${base}/${tracks.master}` : liveMasterUrl(row, base),
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
      membersOnly: row.members_only,
      visibility: row.visibility,
      price: toAmount(row.price_minor),
      ...liveFields(row),
      owner: { _id: row.owner_id, fullname: row.owner_fullname, username: row.owner_username, avatar: row.owner_avatar },
      chapters: parseChapters(row.description),
      publishAt: row.publish_at?.toISOString() ?? null,
      captions: tracks.captions,
    };
  }

  return {
    /**
     * Fails fast before the body is read: the quota (checked again inside the insert transaction),
     * then room on the disk for `incomingBytes` (the request's Content-Length, 0 when unknown)
     * above MIN_FREE_DISK_MB (507).
     */
    async assertCanUpload(viewer: Viewer, incomingBytes = 0) {
      await access.assertCanUpload(viewer._id);
      await assertRoomFor(config.dataDir, config.minFreeDiskBytes, incomingBytes);
    },

    requireThumbnail,

    async upload(viewer: Viewer, fields: UploadVideoFields, files: UploadFiles) {
      const thumbnailFile = requireThumbnail(files);
      if (!files.videoFile) throw new BadInput('Video file is required', [{ field: 'videoFile', problem: 'is required' }]);
      // Sniffed, then probed with the sniffed container's demuxer only (media/probe.ts).
      const probe = await probeMedia(files.videoFile.path);
      if (!probe) throw new UnsupportedMedia(NOT_A_VIDEO);
      const id = newId();
      const thumbnail = await storeThumbnail(id, thumbnailFile.path);
      const priceMinor = fields.isExclusive ? toMinorUnits(fields.price ?? MIN_VIDEO_PRICE) : null;
      const sourceKey = mediaKeys.source(id);
      await storage.putFile(sourceKey, files.videoFile.path);
      try {
        await repo.transaction(async (tx, trx) => {
          await tx.lockOwner(viewer._id);
          await access.on(trx).assertCanUpload(viewer._id);
          // Checked again where concurrent uploads of one owner take turns (lockOwner): 413 past the quota.
          await access.on(trx).assertCanStore(viewer._id, files.videoFile!.size);
          await tx.insert({
            id,
            ownerId: viewer._id,
            title: fields.title,
            description: fields.description,
            thumbnail,
            duration: probe.durationSec,
            isExclusive: fields.isExclusive,
            membersOnly: fields.membersOnly,
            visibility: fields.visibility,
            priceMinor,
            sourceKey,
            mediaKey: mediaKeys.videoFolder(id, fields.isExclusive || fields.membersOnly, fields.visibility === 'private'),
            sizeBytes: files.videoFile!.size,
            publishAt: fields.publishAt ?? null,
          });
          if (fields.publishAt) await queuePublication(queue, trx, id, fields.publishAt);
          await queue.send(
            'video.transcode',
            { videoId: id },
            { trx, expireInSeconds: Math.ceil(config.jobs.expireBaseSeconds + 4 * probe.durationSec) },
          );
        });
      } catch (err) {
        await storage.delete(sourceKey);
        await removeThumbnail(thumbnail);
        throw err;
      }
      queue.nudge('video.transcode');
      return watch(id, viewer, { countView: false });
    },

    watch,

    /**
     * A watch page's view, sent by the browser once it has the page (POST …/view): counted by the
     * watch call's rule, for whoever may watch the video (the same refusals as the watch call).
     * The server's render of a page counts none: a GET of a page changes nothing.
     */
    async countView(videoId: string, viewer: Viewer | null, visit: Visitor): Promise<CountedView> {
      if ((await assertCanWatch(videoId, viewer)) === 'card') return { counted: false };
      const row = await repo.findForWatch(videoId);
      return { counted: row ? await countOnce(row, visit) : false };
    },

    /**
     * API.md §6 details (the edit page's call): what a card of the video shows, to whoever may
     * see it by the watch call's rule: listed videos to everyone (exclusive ones too, as the list
     * shows them), a video still processing or failed to its owner only; 404 otherwise, as the
     * watch call answers.
     */
    async details(videoId: string, viewer: Viewer | null) {
      await access.assertVisible(videoId, viewer);
      const video = await repo.findById(videoId);
      if (!video) throw new NotFound('Video not found');
      return {
        _id: video.id,
        title: video.title,
        description: video.description,
        thumbnail: video.thumbnail,
        owner: video.owner_id,
        // API.md §6's five fields; a scheduled video (its owner's alone) adds its time for the edit page.
        ...(video.publish_at ? { publishAt: video.publish_at.toISOString() } : {}),
      };
    },

    /** GET /api/video/v/:videoId/thumbnails (owner): the frames the transcode offers as thumbnails (API.md §22). */
    async thumbnailCandidates(viewer: Viewer, videoId: string): Promise<string[]> {
      const video = await loadOwned(videoId, viewer);
      if (video.thumbnail_candidates === 0) return [];
      // The video's own files: an exclusive one's through its token, as the watch call names them.
      const base =
        video.is_exclusive || video.members_only
          ? `/media/t/${exclusiveToken(video, viewer)}/videos/${video.id}`
          : storage.publicUrl(video.media_key);
      return Array.from({ length: video.thumbnail_candidates }, (_, i) => `${base}/${candidateFile(i)}`);
    },

    async edit(viewer: Viewer, videoId: string, fields: EditVideoFields, thumbnailPath: string | undefined) {
      const video = await loadOwned(videoId, viewer);
      if (thumbnailPath && fields.thumbnailCandidate !== undefined) {
        throw new BadInput('Send a thumbnail or a thumbnailCandidate, not both', [
          { field: 'thumbnailCandidate', problem: 'with a thumbnail' },
        ]);
      }
      const membersOnly =
        fields.membersOnly !== undefined && fields.membersOnly !== video.members_only ? fields.membersOnly : undefined;
      // A stream's files are written where the live started (docs/paid-content.md, "Members-only videos").
      if (membersOnly !== undefined && (video.live_state === 'waiting' || video.live_state === 'live')) {
        throw new Conflict(MEMBERS_ONLY_WHILE_LIVE);
      }
      const thumbnail = thumbnailPath
        ? await storeThumbnail(video.id, thumbnailPath)
        : fields.thumbnailCandidate !== undefined
          ? await storeCandidate(video, fields.thumbnailCandidate)
          : undefined;
      const patch = {
        title: fields.title,
        description: fields.description,
        thumbnail,
        visibility: fields.visibility,
        members_only: membersOnly,
      };
      const details = Object.values(patch).some((v) => v !== undefined);
      // Nothing sent: the video as it is, unchanged (and updatedAt untouched).
      if (details || fields.publishAt !== undefined) {
        try {
          await repo.transaction(async (tx, trx) => {
            if (fields.publishAt !== undefined) await changeSchedule(tx, trx, video.id, fields.publishAt);
            if (!details) return;
            await tx.updateDetails(video.id, patch);
            await events.publish(trx, 'video.changed', { videoId: video.id });
            // Members only on or off: the access rule follows at once (every process's gate forgets
            // whether the video was open), and its files move into (or out of) the closed folder.
            if (membersOnly !== undefined) {
              await events.publish(trx, 'video.media.gone', { videoId: video.id });
              await queue.send('video.media.move', { videoId: video.id }, { trx });
            }
            // Every process's media gate forgets whether the video was open (docs/visibility.md).
            if (fields.visibility !== undefined && fields.visibility !== video.visibility) {
              await events.publish(trx, 'video.media.gone', { videoId: video.id });
              // To or from private: its files move out of (or back into) the public `videos/` folder.
              if ((fields.visibility === 'private') !== (video.visibility === 'private')) {
                await queue.send('video.media.move', { videoId: video.id }, { trx });
              }
            }
          });
        } catch (err) {
          if (thumbnail) await removeThumbnail(thumbnail);
          throw err;
        }
        if (thumbnail) await removeThumbnail(video.thumbnail);
      }
      return watch(video.id, viewer, { countView: false });
    },

    /**
     * Deletes the row (likes, views, history cascade) and cancels its jobs in one transaction, stops
     * a transcode running in this process, then removes every file. A transcode running in another
     * process finds the row gone within a second, stops and removes what it wrote. Its buyers are
     * refunded in full in the same transaction (buyer protection, docs/paid-content.md), and every
     * process hears that its files went (`video.media.gone`: its media fast path forgets them).
     */
    async remove(viewer: Viewer, videoId: string) {
      const video = await loadOwned(videoId, viewer);
      await repo.transaction(async (tx, trx) => {
        // The money goes back after commit (purchase.refunded, docs/paid-content.md).
        await refunds.on(trx).refundBuyers({ videoId: video.id }, DELETED_BY_CREATOR);
        await tx.delete(video.id);
        await events.publish(trx, 'video.deleted', { videoId: video.id, ownerId: video.owner_id });
        await events.publish(trx, 'video.media.gone', { videoId: video.id });
        for (const job of ['video.transcode', 'video.transcode.dead', 'video.publish'] as const) {
          await queue.cancel(job, { videoId: video.id }, { trx });
        }
      });
      await queue.abortRunning('video.transcode', { videoId: video.id });
      await removeVideoFiles(video);
    },

    /**
     * `POST /api/video/v/:id/retry`: a failed video whose uploaded source is still stored is
     * transcoded again (its owner or an admin asks): back to `processing`, its transcode queued in
     * the same transaction. 409 when it is not failed (a second click finds it processing) or its
     * source is gone.
     */
    async retryTranscode(viewer: Viewer, videoId: string) {
      const video = await repo.findById(videoId);
      if (!video) throw new NotFound('Video not found');
      if (video.owner_id !== viewer._id && !access.isStaff(viewer, 'admin'))
        throw new Forbidden('Only the owner can change this video');
      if (video.status !== 'failed') throw new Conflict(ONLY_FAILED);
      if (!video.source_key || !(await storage.exists(video.source_key))) throw new Conflict(SOURCE_GONE);
      const retried = await repo.transaction(async (tx, trx) => {
        if (!(await tx.retryFailed(video.id))) return false;
        await events.publish(trx, 'video.changed', { videoId: video.id });
        await queue.send(
          'video.transcode',
          { videoId: video.id },
          { trx, expireInSeconds: Math.ceil(config.jobs.expireBaseSeconds + 4 * video.duration) },
        );
        return true;
      });
      if (!retried) throw new Conflict(ONLY_FAILED);
      queue.nudge('video.transcode');
      return { _id: video.id, status: 'processing' as const };
    },

    async channelVideos(channelId: string, viewer: Viewer | null) {
      const isOwner = viewer?._id === channelId;
      if (!isOwner && !(await channels.exists(channelId))) throw new NotFound('Channel does not exist');
      const rows = await repo.listByOwner(channelId, isOwner);
      return { videos: rows.map(toDashboardVideo), uploads: await access.uploadQuota(channelId) };
    },
  };

  /**
   * PATCH's `publishAt` (docs/chapters-and-scheduling.md): a new time for a scheduled video (409
   * once it is public: a published video is never taken back into waiting), or null: its
   * schedule ends, public at once (nothing to do for a video that has none).
   */
  async function changeSchedule(tx: VideoQueries, trx: Kysely<Database>, videoId: string, publishAt: Date | null) {
    if (publishAt === null) {
      if (await endSchedule(tx, trx, events, videoId, { due: false })) await cancelPublication(queue, trx, videoId);
      return;
    }
    if (!(await tx.reschedule(videoId, publishAt))) throw new Conflict('Only a video not yet published can be scheduled');
    await cancelPublication(queue, trx, videoId);
    await queuePublication(queue, trx, videoId, publishAt);
    await events.publish(trx, 'video.changed', { videoId });
  }

  async function removeVideoFiles(video: { media_key: string; thumbnail: string; source_key: string | null }) {
    await storage.deletePrefix(video.media_key);
    if (video.source_key) await storage.delete(video.source_key);
    await removeThumbnail(video.thumbnail);
  }
}
export type VideosService = ReturnType<typeof createVideosService>;
