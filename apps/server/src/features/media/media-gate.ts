import { LRUCache } from 'lru-cache';
import { NotFound } from '../../lib/errors.ts';
import type { AccessService, MediaDecision } from '../access/access.service.ts';
import type { MediaTokens } from './media-tokens.ts';

/** What the gate remembers of a finished video: open to everyone or not, and the folder of its files. */
interface KnownMedia {
  open: boolean;
  mediaKey: string;
  /** A private video: refused as if it did not exist. */
  hidden: boolean;
}

/** The gate's answer for one request: may it read the video's files, are they final, where are they. */
export interface MediaGateAnswer {
  allowed: boolean;
  final: boolean;
  mediaKey: string;
}

interface Deps {
  access: Pick<AccessService, 'decideMedia'>;
  tokens: Pick<MediaTokens, 'verify'>;
  /** Finished videos whose answers this process keeps (about a hundred bytes each). */
  maxVideos?: number;
}

/**
 * The media gate, for every byte of a video's files: open videos' files are served to anyone; an
 * exclusive video's files need a valid token for this video and the request's session (its cookie),
 * and the access rule is asked again for that session's user, so a grant that ended (a video
 * removed from a bought playlist) opens nothing, however fresh the token.
 *
 * Whether a finished video is open to everyone, and where its files are, is kept per process (least
 * recently used out first), so serving its files does not ask the database every time. Safe to
 * keep: purchases change what a viewer may watch, never whether a video is open; whether it is
 * exclusive never changes after upload; and what does change it (a delete, a takedown or restore,
 * a folder move) announces that the video's files went, which `forget`s it (forget-gone-media.ts).
 */
export function createMediaGate({ access, tokens, maxVideos = 10_000 }: Deps) {
  const known = new LRUCache<string, KnownMedia>({ max: maxVideos });
  /** What is kept of a decision: a finished video's (its files no longer change) is remembered. */
  const remember = (videoId: string, d: MediaDecision): KnownMedia => {
    const media = { open: d.open, mediaKey: d.mediaKey, hidden: d.private };
    if (d.final) known.set(videoId, media);
    return media;
  };

  return {
    /**
     * May the request read `videoId`'s files (`token` from its path, `sessionId` the hash of its
     * session cookie); `final`: the files no longer change. A video that does not exist → 404.
     */
    async decide(videoId: string, token: string | null, sessionId: string | null): Promise<MediaGateAnswer> {
      const remembered = known.get(videoId);
      if (remembered?.open) return { allowed: true, final: true, mediaKey: remembered.mediaKey };
      const signed = token !== null && tokens.verify(token, videoId, sessionId);
      if (remembered && !signed) {
        // A private video's files are not there for anyone but its owner (API.md §18): 404, not 403.
        if (remembered.hidden) throw new NotFound('Not found');
        return { allowed: false, final: true, mediaKey: remembered.mediaKey };
      }
      const d = await access.decideMedia(videoId, signed ? sessionId : null);
      if (!d) throw new NotFound('Not found');
      if (remembered === undefined) remember(videoId, d);
      const allowed = d.open || (signed && d.watchable);
      if (!allowed && d.private) throw new NotFound('Not found');
      return { allowed, final: d.final, mediaKey: d.mediaKey };
    },

    /**
     * May the request see a thumbnail of `videoId` (`sessionId` the hash of its session cookie):
     * anyone may ('open') unless the video is private, whose thumbnails are its owner's ('owner')
     * and do not exist for anyone else (404, as its files). A video the rule does not know (gone
     * meanwhile) leaves its thumbnails as they were: open.
     */
    async thumbnail(videoId: string, sessionId: string | null): Promise<'open' | 'owner'> {
      let remembered = known.get(videoId);
      if (!remembered) {
        const d = await access.decideMedia(videoId, null);
        if (!d) return 'open';
        remembered = remember(videoId, d);
      }
      if (!remembered.hidden) return 'open';
      if (sessionId !== null && (await access.decideMedia(videoId, sessionId))?.watchable) return 'owner';
      throw new NotFound('Not found');
    },

    /** Whether this process knows `videoId` is not private (its thumbnails are anyone's), without a query. */
    thumbnailOpen(videoId: string): boolean {
      const remembered = known.get(videoId);
      return remembered !== undefined && !remembered.hidden;
    },

    /**
     * The folder of a finished video this process already knows is open to everyone, else null
     * (then ask `decide`): the media fast path's answer without a promise or a query.
     */
    openFolder(videoId: string): string | null {
      const remembered = known.get(videoId);
      return remembered?.open ? remembered.mediaKey : null;
    },

    /** Forgets what is kept of `videoId` (of every video with null): the next request asks again. */
    forget(videoId: string | null): void {
      if (videoId === null) known.clear();
      else known.delete(videoId);
    },

    /** How many videos' answers are kept. */
    size: () => known.size,
  };
}
export type MediaGate = ReturnType<typeof createMediaGate>;
