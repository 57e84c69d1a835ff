import { sql, type RawBuilder } from 'kysely';
import type { LiveState } from '@streamhub/contract';
import type { RemovedBy, VideoStatus } from '../../db/schema.ts';

/**
 * The life of a video, in one place: every change of its status (`status`,
 * `status_before_removal`, `removed_by`, `live_state`, the end of its schedule) is one of the
 * moves below. `move` says what a move does to a video (the table, pure and unit-tested); `moveSql`
 * is the same move as the SQL of an UPDATE (what the repositories write), and
 * video-lifecycle.test.ts checks on PostgreSQL that the two agree for every state and move.
 *
 * A video's own status (`base`) is `processing` (encoding, or a live before its replay),
 * `ready` (playable and public), `scheduled` (playable, waiting for its publish time) or
 * `failed`. Taken down or hidden by its owner's suspension, the row says `removed` and keeps
 * its own status in `status_before_removal`: every move of the encoder lands there, so a restore
 * shows what the video became meanwhile.
 */

export type BaseStatus = Exclude<VideoStatus, 'removed'>;

export interface LifecycleState {
  base: BaseStatus;
  /** Why it is hidden: a takedown (one item), or the suspension of its owner (all of theirs). */
  removedBy: RemovedBy | null;
  /** It has a publish time still to come (`publish_at` set). */
  scheduled: boolean;
  live: LiveState | null;
  /** Its owner is suspended now (decides where a restore lands). */
  ownerSuspended: boolean;
}

export const MOVES = [
  'encode',
  'playable',
  'done',
  'fail',
  'failUnfinished',
  'publish',
  'goLive',
  'endLive',
  'nothingRecorded',
  'takeDown',
  'restore',
  'suspend',
  'unsuspend',
] as const;
export type Move = (typeof MOVES)[number];

/** Playable: public now, or `scheduled` while its publish time is still to come. */
const playable = (s: LifecycleState): BaseStatus => (s.scheduled ? 'scheduled' : 'ready');
const isLiveNow = (s: LifecycleState) => s.live === 'waiting' || s.live === 'live';

/** What `move` does to a video in `state`; null when the move does not apply (nothing changes). */
export function move(state: LifecycleState, m: Move): LifecycleState | null {
  switch (m) {
    case 'encode': // a transcode starts (again)
      return { ...state, base: 'processing' };
    case 'playable': // its first rung plays
    case 'done': // every rung and the MP4 are written
      return { ...state, base: playable(state) };
    case 'fail':
      return { ...state, base: 'failed' };
    case 'failUnfinished': // a transcode that cannot go on, unless it failed already
      return state.base === 'failed' ? null : { ...state, base: 'failed' };
    case 'publish': // its publish time came (or its owner published it now)
      return state.scheduled ? { ...state, scheduled: false, base: state.base === 'scheduled' ? 'ready' : state.base } : null;
    case 'goLive': // the stream arrives: listed and playable
      return isLiveNow(state) ? { ...state, live: 'live', base: playable(state) } : null;
    case 'endLive': // unlisted until its replay is made
      return isLiveNow(state) ? { ...state, live: 'ended', base: 'processing' } : null;
    case 'nothingRecorded':
      return state.live === 'ended' ? { ...state, base: 'failed' } : null;
    case 'takeDown': // also of a video hidden by a suspension: it then stays down after it
      return state.removedBy === 'takedown' ? null : { ...state, removedBy: 'takedown' };
    case 'restore': // while its owner is suspended it stays hidden with their other videos
      return state.removedBy === 'takedown' ? { ...state, removedBy: state.ownerSuspended ? 'suspension' : null } : null;
    case 'suspend':
      return state.removedBy === null ? { ...state, removedBy: 'suspension' } : null;
    case 'unsuspend': // shows exactly what the suspension hid, never what was taken down
      return state.removedBy === 'suspension' ? { ...state, removedBy: null } : null;
  }
}

/** The row's columns for a state (what `status` says to everyone else). */
export function statusOf(state: LifecycleState): { status: VideoStatus; statusBeforeRemoval: BaseStatus | null } {
  return state.removedBy
    ? { status: 'removed', statusBeforeRemoval: state.base }
    : { status: state.base, statusBeforeRemoval: null };
}

/** The video's own status in SQL: the one a restore shows. */
export const baseStatusSql = sql<BaseStatus>`coalesce(status_before_removal, status)`;

/** A new own status, written where it belongs: in `status`, or behind a removal. */
function toBase(to: RawBuilder<BaseStatus>) {
  return {
    status: sql<VideoStatus>`CASE WHEN status = 'removed' THEN 'removed' ELSE ${to} END`,
    status_before_removal: sql<BaseStatus | null>`CASE WHEN status = 'removed' THEN ${to} ELSE NULL END`,
  };
}

const fixed = (status: BaseStatus) => sql<BaseStatus>`${status}::text`;
const playableSql = sql<BaseStatus>`CASE WHEN publish_at IS NOT NULL THEN 'scheduled' ELSE 'ready' END`;
const ownerSuspension = sql<string | null>`(SELECT u.suspended_reason FROM users u WHERE u.id = owner_id)`;
const always = sql<boolean>`true`;

/**
 * A move as SQL: `set` (spread into an UPDATE of `videos` beside the caller's own columns) and
 * `when` (the condition under which it applies; the UPDATE changes nothing otherwise). A
 * takedown and a suspension say why (`reason`, shown to the owner).
 */
export function moveSql(m: Move, reason = '') {
  switch (m) {
    case 'encode':
      return { set: toBase(fixed('processing')), when: always };
    case 'playable':
    case 'done':
      return { set: toBase(playableSql), when: always };
    case 'fail':
      return { set: toBase(fixed('failed')), when: always };
    case 'failUnfinished':
      return { set: toBase(fixed('failed')), when: sql<boolean>`${baseStatusSql} <> 'failed'` };
    case 'publish': {
      const unscheduled = (column: 'status' | 'status_before_removal') =>
        sql<never>`CASE WHEN ${sql.ref(column)} = 'scheduled' THEN 'ready' ELSE ${sql.ref(column)} END`;
      return {
        set: { publish_at: null, status: unscheduled('status'), status_before_removal: unscheduled('status_before_removal') },
        when: sql<boolean>`publish_at IS NOT NULL`,
      };
    }
    case 'goLive':
      return {
        set: { ...toBase(playableSql), live_state: sql<LiveState>`'live'` },
        when: sql<boolean>`live_state IN ('waiting', 'live')`,
      };
    case 'endLive':
      return {
        set: { ...toBase(fixed('processing')), live_state: sql<LiveState>`'ended'` },
        when: sql<boolean>`live_state IN ('waiting', 'live')`,
      };
    case 'nothingRecorded':
      return { set: toBase(fixed('failed')), when: sql<boolean>`live_state = 'ended'` };
    case 'takeDown':
      return {
        set: {
          status: sql<VideoStatus>`'removed'`,
          removed_by: sql<RemovedBy>`'takedown'`,
          removed_reason: reason,
          status_before_removal: baseStatusSql,
        },
        when: sql<boolean>`removed_by IS DISTINCT FROM 'takedown'`,
      };
    case 'restore':
      return {
        set: {
          status: sql<VideoStatus>`CASE WHEN ${ownerSuspension} IS NULL THEN status_before_removal ELSE 'removed' END`,
          removed_by: sql<RemovedBy | null>`CASE WHEN ${ownerSuspension} IS NULL THEN NULL ELSE 'suspension' END`,
          removed_reason: ownerSuspension,
          status_before_removal: sql<BaseStatus | null>`CASE WHEN ${ownerSuspension} IS NULL THEN NULL ELSE status_before_removal END`,
        },
        when: sql<boolean>`removed_by = 'takedown'`,
      };
    case 'suspend':
      return {
        set: {
          status: sql<VideoStatus>`'removed'`,
          removed_by: sql<RemovedBy>`'suspension'`,
          removed_reason: reason,
          status_before_removal: sql<BaseStatus>`status`,
        },
        when: sql<boolean>`removed_by IS NULL`,
      };
    case 'unsuspend':
      return {
        set: {
          status: sql<VideoStatus>`status_before_removal`,
          removed_by: sql<RemovedBy | null>`NULL`,
          removed_reason: null,
          status_before_removal: sql<null>`NULL`,
        },
        when: sql<boolean>`removed_by = 'suspension'`,
      };
  }
}
