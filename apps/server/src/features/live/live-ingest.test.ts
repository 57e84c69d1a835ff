import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/clips.ts';
import { pushTestPattern } from '../../../test/rtmp-push.ts';
import { anotherProcess, createTestContext, registerUser } from '../../../test/support.ts';
import { createLiveIngest } from './live-ingest.ts';
import { createLiveRepo } from './live.repo.ts';

/** Pushes, encodes and transcodes on a machine shared by the whole suite: more than the default 60 s. */
const LONG = { timeout: 180_000 };

// The ingest's lifecycle beyond one stream (docs/live.md): one ingest per database however many
// processes run jobs, and a publisher that drops and comes back within the grace period.
const ctx = await createTestContext({ LIVE_GRACE_SECONDS: '6' }, { worker: true });

describe('replicas', () => {
  it('one process ingests; another waits, says so, and takes over when it stops', LONG, async () => {
    const other = await anotherProcess(ctx);
    const said: string[] = [];
    const log = { info: (_: object, msg: string) => said.push(msg), warn() {}, error() {} };
    const second = createLiveIngest({ ...other.deps, repo: createLiveRepo(other.deps.db), log });
    const first = ctx.deps.services.liveIngest;
    await waitFor(async () => first.port(), 30_000, 50);
    second.start();
    await waitFor(async () => said.includes('RTMP ingest runs in another process; this one takes over if it stops'), 10_000, 50);
    expect(second.port()).toBeNull();

    await first.stop();
    expect(first.port()).toBeNull();
    const port = await waitFor(async () => second.port(), 20_000, 100);
    expect(said).toContain('RTMP ingest listening');
    await second.stop();
    expect(second.port()).toBeNull();
    // Back to the context's own ingest for the next test.
    first.start();
    expect(await waitFor(async () => first.port(), 20_000, 100)).toBeGreaterThan(0);
    expect(port).toBeGreaterThan(0);
  });
});

describe('a publisher that drops', () => {
  it(
    'and returns within the grace period continues the same live after a discontinuity; the replay holds both',
    LONG,
    async () => {
      const owner = await registerUser(ctx);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/live',
        headers: { cookie: owner.cookie },
        payload: { title: 'Drop and return', description: 'Two publishes' },
      });
      const { _id: id, streamKey } = created.json().data as { _id: string; streamKey: string };
      const url = () => `rtmp://127.0.0.1:${ctx.deps.services.liveIngest.port()}/live/${streamKey}`;
      const state = async () => (await ctx.app.inject({ url: `/api/live/${id}`, headers: { cookie: owner.cookie } })).json().data;
      const playlist = async () => (await ctx.app.inject({ url: `/media/videos/${id}/live/240p/index.m3u8` })).body;

      expect(await pushTestPattern(url(), { seconds: 5 }).exit).toBe(0);
      expect((await state()).status).toBe('live');
      const startedAt = (await state()).startedAt;
      const second = pushTestPattern(url(), { seconds: 5 });
      await waitFor(async () => (await playlist()).includes('s2_'), 30_000, 200);
      const text = await playlist();
      expect(text).toContain('#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="s2_init.mp4"');
      expect(text).toContain('s1_00000.m4s');
      expect(await state()).toMatchObject({ status: 'live', startedAt });
      expect(await second.exit).toBe(0);

      await waitFor(async () => (await state()).status === 'ended', 30_000, 200);
      const replay = await waitFor(
        async () => {
          const w = (await ctx.app.inject({ url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } })).json().data;
          return w?.status === 'ready' && w.videoFile ? w : null;
        },
        120_000,
        500,
      );
      // Both publishes, one after the other.
      expect(replay.duration).toBeGreaterThan(8);
    },
  );
});

/** The ingest lock's key (live-ingest.ts) as pg_locks shows a bigint advisory lock: its two halves. */
const LOCK = { classid: 0x53524d48, objid: 0x55420023 };

describe('a database blip', () => {
  /** Ends every connection to the test's database but `admin`'s, as a restart of PostgreSQL does. */
  async function blip(admin: pg.Client) {
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    expect(rowCount).toBeGreaterThan(0);
  }
  const lockHolder = async (admin: pg.Client) =>
    (
      await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND granted",
        [LOCK.classid, LOCK.objid],
      )
    ).rows[0]?.pid ?? null;

  async function startLive(title: string) {
    const owner = await registerUser(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/live',
      headers: { cookie: owner.cookie },
      payload: { title, description: 'Through a blip' },
    });
    const { _id: id, streamKey } = created.json().data as { _id: string; streamKey: string };
    const state = async () => (await ctx.app.inject({ url: `/api/live/${id}`, headers: { cookie: owner.cookie } })).json().data;
    return { id, streamKey, state };
  }

  it('leaves the streams being received as they are; the ingest takes its lock again', LONG, async () => {
    const admin = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await admin.connect();
    try {
      const ingest = ctx.deps.services.liveIngest;
      const port = await waitFor(async () => ingest.port(), 30_000, 50);
      const live = await startLive('Blip');
      const push = pushTestPattern(`rtmp://127.0.0.1:${port}/live/${live.streamKey}`, { seconds: 14 });
      await waitFor(async () => (await live.state())?.status === 'live' || null, 60_000, 200);
      const before = await lockHolder(admin);
      expect(before).not.toBeNull();

      await blip(admin);
      // The lock is taken again on a new connection; the port never closed.
      const after = await waitFor(
        async () => {
          const pid = await lockHolder(admin);
          return pid !== null && pid !== before ? pid : null;
        },
        20_000,
        200,
      );
      expect(after).not.toBe(before);
      expect(ingest.port()).toBe(port);
      // The encoder got no broken pipe: the push ends on its own, whole.
      expect(await push.exit).toBe(0);
      await waitFor(async () => (await live.state())?.status === 'ended' || null, 60_000, 200);
    } finally {
      await admin.end();
    }
  });

  it('stops only when another process holds the lock once the database answers again', LONG, async () => {
    const admin = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await admin.connect();
    try {
      const ingest = ctx.deps.services.liveIngest;
      const port = await waitFor(async () => ingest.port(), 30_000, 50);
      const live = await startLive('Taken over');
      const push = pushTestPattern(`rtmp://127.0.0.1:${port}/live/${live.streamKey}`, { seconds: 30 });
      await waitFor(async () => (await live.state())?.status === 'live' || null, 60_000, 200);

      // Another process takes the lock while this one's connection is gone.
      await blip(admin);
      await admin.query('SELECT pg_advisory_lock($1::bigint)', ['6003946226301665315']);
      await waitFor(async () => (ingest.port() === null ? true : null), 20_000, 200);
      // Its streams stopped with it: the publisher is cut.
      expect(await push.exit).not.toBe(0);

      // Given back: this process ingests again.
      await admin.query('SELECT pg_advisory_unlock($1::bigint)', ['6003946226301665315']);
      expect(await waitFor(async () => ingest.port(), 20_000, 200)).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
  });
});
