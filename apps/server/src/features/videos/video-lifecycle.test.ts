import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext } from '../../../test/support.ts';
import { createUser, createVideo } from '../../../test/factories.ts';
import { MOVES, move, moveSql, statusOf, type BaseStatus, type LifecycleState, type Move } from './video-lifecycle.ts';

const S = (base: BaseStatus, more: Partial<LifecycleState> = {}): LifecycleState => ({
  base,
  removedBy: null,
  scheduled: false,
  live: null,
  ownerSuspended: false,
  ...more,
});

/** Every state a video can be in: its own status × removal × schedule × live, as the columns allow. */
function everyState(): LifecycleState[] {
  const states: LifecycleState[] = [];
  for (const base of ['processing', 'ready', 'scheduled', 'failed'] as const)
    for (const removedBy of [null, 'takedown', 'suspension'] as const)
      for (const scheduled of [false, true])
        for (const live of [null, 'waiting', 'live', 'ended'] as const)
          for (const ownerSuspended of [false, true]) {
            if (base === 'scheduled' && !scheduled) continue; // `scheduled` means a publish time is set
            if (base === 'ready' && scheduled) continue; // …and a playable video with one is `scheduled`
            states.push({ base, removedBy, scheduled, live, ownerSuspended });
          }
  return states;
}

describe('the video lifecycle table', () => {
  // The readable table: what each move does from the states that matter (processing, scheduled,
  // ready, failed, waiting, live, ended, removed, suspended, restored).
  const rows: [string, LifecycleState, Move, LifecycleState | null][] = [
    ['an upload encodes, then plays', S('processing'), 'done', S('ready')],
    [
      'one with a publish time waits as scheduled',
      S('processing', { scheduled: true }),
      'done',
      S('scheduled', { scheduled: true }),
    ],
    ['its publish time comes', S('scheduled', { scheduled: true }), 'publish', S('ready')],
    ['published while still encoding', S('processing', { scheduled: true }), 'publish', S('processing')],
    ['publishing twice changes nothing', S('ready'), 'publish', null],
    ['a transcode fails', S('processing'), 'failUnfinished', S('failed')],
    ['a failure is not failed twice', S('failed'), 'failUnfinished', null],
    ['a failed video is encoded again (retry)', S('failed'), 'encode', S('processing')],
    ['a waiting live goes live', S('processing', { live: 'waiting' }), 'goLive', S('ready', { live: 'live' })],
    ['a live ends: unlisted until its replay', S('ready', { live: 'live' }), 'endLive', S('processing', { live: 'ended' })],
    ['an ended live does not go live again', S('processing', { live: 'ended' }), 'goLive', null],
    [
      'an ended live with nothing recorded fails',
      S('processing', { live: 'ended' }),
      'nothingRecorded',
      S('failed', { live: 'ended' }),
    ],
    ['an upload is no live', S('ready'), 'endLive', null],
    ['a takedown hides it', S('ready'), 'takeDown', S('ready', { removedBy: 'takedown' })],
    ['a takedown is not taken down twice', S('ready', { removedBy: 'takedown' }), 'takeDown', null],
    [
      'the encoder moves on behind a takedown',
      S('processing', { removedBy: 'takedown' }),
      'done',
      S('ready', { removedBy: 'takedown' }),
    ],
    ['restored, it shows what it became', S('ready', { removedBy: 'takedown' }), 'restore', S('ready')],
    [
      'restored while its owner is suspended, it stays hidden by the suspension',
      S('ready', { removedBy: 'takedown', ownerSuspended: true }),
      'restore',
      S('ready', { removedBy: 'suspension', ownerSuspended: true }),
    ],
    ['a suspension hides it', S('ready'), 'suspend', S('ready', { removedBy: 'suspension' })],
    ['a suspension leaves a takedown as it is', S('ready', { removedBy: 'takedown' }), 'suspend', null],
    [
      'lifting a suspension shows it',
      S('ready', { removedBy: 'suspension', ownerSuspended: true }),
      'unsuspend',
      S('ready', { ownerSuspended: true }),
    ],
    [
      'lifting a suspension never shows a takedown',
      S('ready', { removedBy: 'takedown', ownerSuspended: true }),
      'unsuspend',
      null,
    ],
    [
      'a takedown of a suspended video outlives the suspension',
      S('ready', { removedBy: 'suspension', ownerSuspended: true }),
      'takeDown',
      S('ready', { removedBy: 'takedown', ownerSuspended: true }),
    ],
  ];
  it.each(rows)('%s', (_name, from, m, to) => {
    expect(move(from, m)).toEqual(to);
  });

  it('never leaves the states the columns allow', () => {
    const valid = new Set(everyState().map((s) => JSON.stringify(s)));
    for (const state of everyState())
      for (const m of MOVES) {
        const next = move(state, m);
        if (next) expect(valid.has(JSON.stringify(next)), `${m} from ${JSON.stringify(state)}`).toBe(true);
      }
  });
});

describe('the lifecycle in SQL', () => {
  it('does exactly what the table says, for every state and every move', async () => {
    const ctx = await createTestContext();
    const owner = await createUser(ctx.db);
    const states = everyState();
    const videoId = await createVideo(ctx.db, owner.id);
    const mismatches: string[] = [];
    for (const state of states) {
      for (const m of MOVES) {
        const { status, statusBeforeRemoval } = statusOf(state);
        await ctx.db
          .updateTable('videos')
          .set({
            status,
            status_before_removal: statusBeforeRemoval,
            removed_by: state.removedBy,
            removed_reason: state.removedBy ? 'a reason' : null,
            publish_at: state.scheduled ? new Date(Date.now() + 3_600_000) : null,
            live_state: state.live,
            is_live: state.live !== null,
            stream_key_hash: Buffer.from('a key hash'),
          })
          .where('id', '=', videoId)
          .execute();
        await ctx.db
          .updateTable('users')
          .set({
            suspended_reason: state.ownerSuspended ? 'suspended' : null,
            suspended_at: state.ownerSuspended ? new Date() : null,
          })
          .where('id', '=', owner.id)
          .execute();
        const { set, when } = moveSql(m, 'a reason');
        const changed = await ctx.db.updateTable('videos').set(set).where('id', '=', videoId).where(when).executeTakeFirst();
        const row = await ctx.db
          .selectFrom('videos')
          .select([
            'status',
            'status_before_removal',
            'removed_by',
            'live_state',
            sql<boolean>`publish_at IS NOT NULL`.as('scheduled'),
          ])
          .where('id', '=', videoId)
          .executeTakeFirstOrThrow();
        const expected = move(state, m);
        const want = expected ?? state;
        const got = {
          ...statusOf(want),
          removedBy: want.removedBy,
          live: want.live,
          scheduled: want.scheduled,
        };
        const seen = {
          status: row.status,
          statusBeforeRemoval: row.status_before_removal,
          removedBy: row.removed_by,
          live: row.live_state,
          scheduled: row.scheduled,
        };
        if (changed.numUpdatedRows > 0n !== (expected !== null) || JSON.stringify(seen) !== JSON.stringify(got))
          mismatches.push(`${m} from ${JSON.stringify(state)}: table ${JSON.stringify(got)}, SQL ${JSON.stringify(seen)}`);
      }
    }
    expect(states.length * MOVES.length).toBeGreaterThan(300);
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('is the only code that writes a video status', async () => {
    const src = path.resolve(import.meta.dirname, '../..');
    const files = (await fs.readdir(src, { recursive: true })).filter(
      (f) =>
        f.endsWith('.ts') &&
        !f.endsWith('.test.ts') &&
        !f.includes('migrations') &&
        !f.endsWith('video-lifecycle.ts') &&
        f !== path.join('db', 'schema.ts'),
    );
    const writers: string[] = [];
    for (const file of files) {
      const text = await fs.readFile(path.join(src, file), 'utf8');
      if (/status_before_removal\s*:|\blive_state\s*:\s*sql|\bstatus\s*:\s*sql<VideoStatus>/.test(text)) writers.push(file);
    }
    expect(writers).toEqual([]);
  });
});
