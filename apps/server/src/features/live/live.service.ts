import sharp from 'sharp';
import type { CreateLiveBody, LiveCreated, LiveInfo, LiveKey } from '@streamhub/contract';
import { MIN_VIDEO_PRICE, toMinorUnits } from '@streamhub/contract';
import type { Events } from '../../events/events.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { mediaKeys, thumbnailFiles } from '../../storage/media-keys.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AccessService } from '../access/access.service.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { LiveRepo } from './live.repo.ts';
import { ingestUrl, newStreamKey, serverUrl } from './stream-keys.ts';

interface Deps {
  repo: LiveRepo;
  storage: Storage;
  access: Pick<AccessService, 'assertCanUpload' | 'assertVisible' | 'on'>;
  events: Pick<Events, 'publish'>;
  /** The RTMP port publishers reach: the ingest's own when this process listens, else RTMP_PORT. */
  rtmpPort: () => number;
}

/** Where a request's publisher is told to send its stream: the host it asked (or PUBLIC_URL's) and the RTMP port. */
export interface IngestHost {
  hostname: string;
}

const NOT_A_LIVE = 'Live not found';

/**
 * Lives (API.md §17, docs/live.md): creating one (a video that waits for its stream, taking an
 * upload slot like any video), its stream key (shown once, stored hashed, replaceable by its
 * owner), its state with viewers now, and its end by the owner. The stream itself is the
 * ingest's (live-ingest.ts).
 */
export function createLiveService({ repo, storage, access, events, rtmpPort }: Deps) {
  const keyAnswer = (host: IngestHost, key: string): LiveKey => ({
    streamKey: key,
    serverUrl: serverUrl(host.hostname, rtmpPort()),
    ingestUrl: ingestUrl(host.hostname, rtmpPort(), key),
  });

  async function loadOwned(videoId: string, viewer: Viewer) {
    const live = await repo.find(videoId);
    if (!live || live.status === 'removed') throw new NotFound(NOT_A_LIVE);
    if (live.owner_id !== viewer._id) throw new Forbidden('Only the owner can change this live');
    return live;
  }

  /** A live's thumbnail until its owner uploads one (PATCH /api/video/v/:videoId): a dark 16:9 frame. */
  async function placeholderThumbnail(videoId: string): Promise<string> {
    const key = mediaKeys.thumbnail(videoId);
    const image = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#111827' } })
      .webp()
      .toBuffer();
    await storage.putBuffer(key, image);
    return key;
  }

  /** The state; `owner`: the ingest's last refusal too (docs/live.md, "When the stream does not arrive"). */
  async function state(videoId: string, viewerKey: string | null, owner = false): Promise<LiveInfo> {
    const live = await repo.find(videoId);
    if (!live?.live_state) throw new NotFound(NOT_A_LIVE);
    const refused =
      owner && live.live_refused && live.live_refused_at
        ? { reason: live.live_refused, at: live.live_refused_at.toISOString() }
        : null;
    return {
      status: live.live_state,
      startedAt: live.live_started_at?.toISOString() ?? null,
      viewers: await repo.seeViewer(videoId, live.live_state === 'live' ? viewerKey : null),
      refused,
    };
  }

  return {
    async create(viewer: Viewer, body: CreateLiveBody, host: IngestHost): Promise<LiveCreated> {
      await access.assertCanUpload(viewer._id);
      const id = newId();
      const { key, hash } = newStreamKey(id);
      const thumbnail = await placeholderThumbnail(id);
      try {
        await repo.transaction(async (tx, trx) => {
          await tx.lockOwner(viewer._id);
          // Checked again where a user's new videos take turns: a live takes an upload slot.
          await access.on(trx).assertCanUpload(viewer._id);
          await tx.insert({
            id,
            ownerId: viewer._id,
            title: body.title,
            description: body.description,
            thumbnail,
            isExclusive: body.isExclusive,
            membersOnly: body.membersOnly,
            visibility: body.visibility ?? 'public',
            priceMinor: body.isExclusive ? toMinorUnits(body.price ?? MIN_VIDEO_PRICE) : null,
            // A members-only live's files are as closed as an exclusive one's, from its first segment.
            mediaKey: mediaKeys.videoFolder(id, body.isExclusive || body.membersOnly, body.visibility === 'private'),
            streamKeyHash: hash,
          });
        });
      } catch (err) {
        for (const file of thumbnailFiles(thumbnail)) await storage.delete(file).catch(() => {});
        throw err;
      }
      return { _id: id, ...keyAnswer(host, key) };
    },

    /** A new key replaces the old one (a stream already arriving goes on; the old key opens nothing more). */
    async newKey(viewer: Viewer, videoId: string, host: IngestHost): Promise<LiveKey> {
      const live = await loadOwned(videoId, viewer);
      if (live.live_state === 'ended') throw new Conflict('This live has ended');
      const { key, hash } = newStreamKey(videoId);
      await repo.setKeyHash(videoId, hash);
      return keyAnswer(host, key);
    },

    /**
     * The live's state for whoever may see the video (the watch rule's visibility: an exclusive
     * live's state is as public as its card; a live waiting for its stream included). A viewer asking while it is live counts as watching
     * for 30 s (its owner does not).
     */
    async info(videoId: string, viewer: Viewer | null, viewerKey: string): Promise<LiveInfo> {
      await access.assertVisible(videoId, viewer, { waitingLive: true });
      const live = await repo.find(videoId);
      if (!live) throw new NotFound(NOT_A_LIVE);
      const owner = viewer?._id === live.owner_id;
      return state(videoId, owner ? null : viewerKey, owner);
    },

    /** The owner ends the live (again: nothing more happens); the ingest stops its stream and makes the replay. */
    async end(viewer: Viewer, videoId: string): Promise<LiveInfo> {
      await loadOwned(videoId, viewer);
      await repo.transaction(async (tx, trx) => {
        if (await tx.markEnded(videoId)) await events.publish(trx, 'video.changed', { videoId });
      });
      return state(videoId, null, true);
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
