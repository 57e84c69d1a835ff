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
