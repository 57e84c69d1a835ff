import type { Uploads } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import type { Role } from '../../db/schema.ts';
import { Forbidden, NotFound, TooLarge, Unauthorized } from '../../lib/errors.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { createAccessRepo, type AccessRepo, type NewEntitlement } from './access.repo.ts';

interface Deps {
  db: Db;
  /** Videos a user may upload before buying slots (UPLOAD_LIMIT_DEFAULT). */
  uploadLimitDefault: number;
}

export type StaffLevel = 'moderator' | 'admin';
const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };
const isStaff = (role: Role, level: StaffLevel) => RANK[role] >= RANK[level];

/** The media gate's question answered for one video (`decideMedia`). */
export interface MediaDecision {
  open: boolean;
  watchable: boolean;
  final: boolean;
  mediaKey: string;
  /** A private video: to anyone it refuses, its files do not exist (404, API.md §18). */
  private: boolean;
}

export const STORAGE_QUOTA_EXCEEDED = 'Storage quota exceeded';

/**
 * The staff rules as declared signatures, so a caller that holds the access service as this
 * type (`const staff: StaffRule = access`) gets the viewer narrowed after asking.
 */
export interface StaffRule {
  assertStaff(viewer: Viewer | null, level: StaffLevel): asserts viewer is Viewer;
  assertCanSuspend(viewer: Viewer | null, target: { id: string; role: Role }): asserts viewer is Viewer;
  assertCanTakeDown(viewer: Viewer | null, owner: { id: string; role: Role }): asserts viewer is Viewer;
}

/**
 * Who may find, watch and upload what: the one module every feature asks (watch, media,
 * purchases, playlists, comments, likes, history, lists). The rule itself is SQL in
 * access.sql.ts, asked in batches; nothing else writes it.
 */
export function createAccessService({ db, uploadLimitDefault }: Deps) {
  const repo = createAccessRepo(db);

  const refusal = (viewer: Viewer | null) =>
    viewer ? new Unauthorized('No access to this video', 'purchase') : new Unauthorized('No access to this video', 'signin');

  async function decide(viewer: Viewer | null, videoIds: readonly string[]) {
    return new Map((await repo.decide(viewer?._id ?? null, videoIds)).map((d) => [d.id, d]));
  }

  /**
   * A live waiting for its stream passes where a listed video would (its chat, its history
   * entry); the watch call answers its card even to a viewer who may not watch it yet ('card':
   * there is nothing to play, so no media URL is named).
   */
  async function gate(videoId: string, viewer: Viewer | null, mustBeListed: boolean): Promise<'watch' | 'card'> {
    const d = (await decide(viewer, [videoId])).get(videoId);
    if (!d || (!(mustBeListed ? d.listed : d.visible) && !d.waiting)) throw new NotFound('Video not found');
    if (d.watchable) return 'watch';
    if (d.waiting && !mustBeListed) return 'card';
    if (viewer && d.members_only) throw new Unauthorized('This video is for members of the channel', 'membership');
    throw refusal(viewer);
  }

  /**
   * The storage quota (docs/moderation.md, "Quotas"): 413 when the user's videos and
   * `incomingBytes` together would pass it. Unfinished uploads were counted when their bytes were
   * let in (`storageRoom`).
   */
  async function assertCanStore(r: AccessRepo, userId: string, incomingBytes: number) {
    const { usedBytes, quotaBytes } = await r.storage(userId);
    if (quotaBytes !== null && usedBytes + incomingBytes > quotaBytes) throw new TooLarge(STORAGE_QUOTA_EXCEEDED);
  }

  /** `uploaded`: videos (API.md §5); `unfinished`: resumable uploads holding a slot until made into one. */
  async function slots(r: AccessRepo, userId: string): Promise<Uploads & { unfinished: number }> {
    const { uploaded, unfinished, extraSlots, limit } = await r.uploadCounts(userId);
    // The user's own limit, else the instance's default, else UPLOAD_LIMIT_DEFAULT; plus bought slots.
    return { uploaded, unfinished, uploadLimit: (limit ?? uploadLimitDefault) + extraSlots };
  }
  const uploadQuota = async (r: AccessRepo, userId: string): Promise<Uploads> => {
    const { uploaded, uploadLimit } = await slots(r, userId);
    return { uploaded, uploadLimit };
  };

  /** The parts that take part in a caller's transaction (unit of work). */
  function on(q: Db) {
    const r = q === db ? repo : createAccessRepo(q);
    return {
      uploadQuota: (userId: string) => uploadQuota(r, userId),
      /**
       * THE upload quota, asked in the transaction that takes a slot, under the owner's lock (a
       * video's insert, a resumable upload's creation): every video and every unfinished upload
       * holds a slot; one must be free. A claimed upload (being made into the video this insert
       * adds) holds none.
       */
      async assertCanUpload(userId: string) {
        const { uploaded, unfinished, uploadLimit } = await slots(r, userId);
        if (uploaded + unfinished >= uploadLimit) throw new Forbidden('Upload limit reached');
      },
      assertCanStore: (userId: string, incomingBytes: number) => assertCanStore(r, userId, incomingBytes),
      /** Records what a settled purchase grants (append-only). */
      grant: (e: NewEntitlement) => r.grant(e),
      playlistHasBuyers: (playlistId: string) => r.playlistHasBuyers(playlistId),
    };
  }

  return {
    on,
    /**
     * THE staff rule: moderators moderate (reports, takedowns, suspending users), admins do that
     * and administer (roles, quotas, settings, the audit log, jobs). Anonymous → 401, anyone
     * below `level` → 403. Services ask this; nothing else reads a role.
     */
    assertStaff(viewer: Viewer | null, level: StaffLevel): asserts viewer is Viewer {
      if (!viewer) throw new Unauthorized('Sign in to continue');
      if (!isStaff(viewer.role, level)) throw new Forbidden('Only staff can do this');
    },
    /**
     * Who may suspend whom: moderators suspend (and unsuspend) plain users, admins anyone but
     * themselves. 401 anonymous, 403 below moderator or on staff without being an admin.
     */
    assertCanSuspend(viewer: Viewer | null, target: { id: string; role: Role }): asserts viewer is Viewer {
      if (!viewer) throw new Unauthorized('Sign in to continue');
      if (!isStaff(viewer.role, 'moderator')) throw new Forbidden('Only staff can do this');
      if (target.id === viewer._id) throw new Forbidden('You cannot suspend yourself');
      if (target.role !== 'user' && !isStaff(viewer.role, 'admin')) throw new Forbidden('Only an admin can suspend staff');
    },
    /**
     * Who may take down (and restore) whose content: moderators a plain user's, admins anyone's,
     * as with suspensions. 401 anonymous, 403 below moderator or on staff's content (a
     * moderator's own included) without being an admin.
     */
    assertCanTakeDown(viewer: Viewer | null, owner: { id: string; role: Role }): asserts viewer is Viewer {
      if (!viewer) throw new Unauthorized('Sign in to continue');
      if (!isStaff(viewer.role, 'moderator')) throw new Forbidden('Only staff can do this');
      if (owner.role !== 'user' && !isStaff(viewer.role, 'admin')) {
        throw new Forbidden("Only an admin can take down staff's content");
      }
    },
    /**
     * What only a video's owner may do to it beyond editing its details (its captions): anonymous
     * → 401, no such video → 404, someone else's → 403, as the edit call answers.
     */
    async assertVideoOwner(videoId: string, viewer: Viewer | null): Promise<Viewer> {
      if (!viewer) throw new Unauthorized('Sign in to continue');
      const ownerId = await repo.videoOwner(videoId);
      if (ownerId === undefined) throw new NotFound('Video not found');
      if (ownerId !== viewer._id) throw new Forbidden('Only the owner can change this video');
      return viewer;
    },
    /** Whether the viewer holds `level` (for a batch decision: what a page may show them). */
    isStaff: (viewer: Viewer | null, level: StaffLevel) => viewer !== null && isStaff(viewer.role, level),
    uploadQuota: (userId: string) => uploadQuota(repo, userId),
    /** Bytes the user's videos hold and their quota (null: unlimited), unfinished uploads aside. */
    storage: (userId: string) => repo.storage(userId),
    /**
     * Bytes the user may still store beside their videos and their `pendingBytes` (Infinity
     * without a quota, and then the pending bytes are never counted).
     */
    async storageRoom(userId: string, pendingBytes: () => Promise<number>): Promise<number> {
      const { usedBytes, quotaBytes } = await repo.storage(userId);
      return quotaBytes === null ? Infinity : Math.max(0, quotaBytes - usedBytes - (await pendingBytes()));
    },
    /**
     * The fail-fast check before a request's body is read, and before each chunk of a resumable
     * upload is written: could the user still add a video? POST /api/video/new cannot know yet
     * whether it carries a file (a new slot) or claims one of their unfinished uploads (its own
     * slot), so one of those is given the benefit of the doubt; the decisive check is `on(trx)`'s.
     * Refused (403) once videos alone, or with the other unfinished uploads, use every slot: then
     * no upload of theirs may grow any more.
     */
    async assertCanUpload(userId: string) {
      const { uploaded, unfinished, uploadLimit } = await slots(repo, userId);
      if (uploaded + Math.max(unfinished - 1, 0) >= uploadLimit) throw new Forbidden('Upload limit reached');
    },

    /** Which of these videos the viewer may watch, in one query (cards mark what is owned). */
    async watchable(viewer: Viewer | null, videoIds: readonly string[]): Promise<Set<string>> {
      const decisions = await repo.decide(viewer?._id ?? null, [...new Set(videoIds)]);
      return new Set(decisions.filter((d) => d.watchable).map((d) => d.id));
    },

    /**
     * The watch call's gate: a video the viewer cannot see (missing; processing or failed and not
     * theirs) → 404; one they may not watch → 401 with `reason` signin or purchase. A live
     * waiting for its stream: its card to everyone ('card' when they may not watch it once live).
     */
    assertCanWatch: (videoId: string, viewer: Viewer | null) => gate(videoId, viewer, false),

    /**
     * The gate of everything done to a ready video open by its link (like, comment, history):
     * otherwise → 404, even for its owner (a live waiting for its stream passes); may not watch →
     * 401 as the watch call answers.
     */
    assertWatchable: async (videoId: string, viewer: Viewer | null): Promise<void> => {
      await gate(videoId, viewer, true);
    },

    /**
     * 404 unless the viewer can see the video (listed, or theirs); then whether they may watch it
     * (a buy page, adding to a playlist). `waitingLive`: a live waiting for its stream is seen
     * too (its state, GET /api/live/:videoId).
     */
    async assertVisible(videoId: string, viewer: Viewer | null, opts: { waitingLive?: boolean } = {}): Promise<boolean> {
      const d = (await decide(viewer, [videoId])).get(videoId);
      if (!d || !(d.visible || (opts.waitingLive && d.waiting))) throw new NotFound('Video not found');
      return d.watchable;
    },

    /** A playlist detail's `access`: not exclusive, the viewer's own, or bought. Missing → 404. */
    async playlistAccess(playlistId: string, viewer: Viewer | null): Promise<boolean> {
      const open = await repo.playlistOpen(viewer?._id ?? null, playlistId);
      if (open === undefined) throw new NotFound('Playlist not found');
      return open;
    },

    /** The exclusive videos the viewer holds through bought playlists (purchase history). */
    playlistGrants: (viewer: Viewer) => repo.exclusivePlaylistGrants(viewer._id),

    /**
     * The watch rule as the media gate asks it (features/media/media-gate.ts), for the user of a
     * live session (`sessionId`, the hash of its cookie; null: anonymous): whether the video is
     * open to everyone, whether that user may watch it, whether its files are final and where they
     * are. Undefined when the video does not exist.
     */
    async decideMedia(videoId: string, sessionId: string | null): Promise<MediaDecision | undefined> {
      const d = sessionId === null ? (await repo.decide(null, [videoId]))[0] : await repo.decideForSession(sessionId, videoId);
      return d && { open: d.open, watchable: d.watchable, final: d.final, mediaKey: d.media_key, private: d.private };
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
/** What features acting on a listed video (likes, comments, history) need: the one watch rule. */
export type WatchGate = Pick<AccessService, 'assertWatchable'>;
