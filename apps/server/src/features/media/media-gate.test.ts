import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createEntitlement, createUser, createVideo, createVideos } from '../../../test/factories.ts';
import { createTestContext } from '../../../test/support.ts';
import { createMediaGate } from './media-gate.ts';
import { createMediaTokens } from './media-tokens.ts';

// The media gate: the token and session of a request, the access rule asked again for that
// session's user, and what this process keeps of finished videos (bounded, forgotten on demand).

const ctx = await createTestContext();
const { db } = ctx;
const { access } = ctx.deps.services;
const tokens = createMediaTokens(ctx.deps.mediaSecret, 600);
const MISSING = '0190a5f0-0000-7000-8000-000000000000';

/** A live session of the user, as the sessions service stores it (the id is the cookie's hash). */
async function sessionOf(userId: string, expiresAt = new Date(Date.now() + 3_600_000)) {
  const id = crypto.randomUUID();
  await db.insertInto('sessions').values({ id, user_id: userId, expires_at: expiresAt }).execute();
  return id;
}

const finish = (ids: string[]) => sql`UPDATE videos SET has_mp4 = true, progress = 100 WHERE id = ANY(${ids})`.execute(db);

describe('media gate', () => {
  it('open video: anyone; exclusive: a valid token and session of a viewer the rule lets in', async () => {
    const gate = createMediaGate({ access, tokens });
    const owner = await createUser(db);
    const [open, exclusive] = await createVideos(db, owner.id, [{}, { isExclusive: true, priceMinor: 900 }]);
    const buyer = await createUser(db);
    await createEntitlement(db, buyer.id, { videoId: exclusive! });
    const nobody = await createUser(db);
    const withToken = async (videoId: string, sessionId: string, tokenFor = videoId) =>
      gate.decide(videoId, tokens.issue(tokenFor, sessionId, 60), sessionId);

    expect(await gate.decide(open!, null, null)).toMatchObject({ allowed: true, mediaKey: `videos/${open}` });
    expect(await gate.decide(exclusive!, null, null)).toMatchObject({ allowed: false });
    for (const who of [owner, buyer]) {
      expect(await withToken(exclusive!, await sessionOf(who.id)), who.username).toMatchObject({
        allowed: true,
        mediaKey: `exclusive/${exclusive}`,
      });
    }
    // A validly signed token for the session of someone the rule refuses opens nothing: the rule is asked again.
    expect(await withToken(exclusive!, await sessionOf(nobody.id))).toMatchObject({ allowed: false });
    // An expired session, another session, another video's token: nothing.
    expect(await withToken(exclusive!, await sessionOf(owner.id, new Date(Date.now() - 1000)))).toMatchObject({ allowed: false });
    const ownerSession = await sessionOf(owner.id);
    const token = tokens.issue(exclusive!, ownerSession, 60);
    expect(await gate.decide(exclusive!, token, await sessionOf(owner.id))).toMatchObject({ allowed: false });
    expect(await withToken(exclusive!, ownerSession, open)).toMatchObject({ allowed: false });
    await expect(gate.decide(MISSING, null, null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("keeps a finished video's answer without asking again, until it is forgotten", async () => {
    const gate = createMediaGate({ access, tokens });
    const owner = await createUser(db);
    const [finished, encoding] = await createVideos(db, owner.id, [{}, {}]);
    await finish([finished!]);
    await gate.decide(finished!, null, null);
    await gate.decide(encoding!, null, null);
    // Only final answers are kept: a video still encoding is asked about every time.
    expect([gate.openFolder(finished!), gate.openFolder(encoding!)]).toEqual([`videos/${finished}`, null]);

    // Deleted behind the gate's back: the kept answer still opens it (its files answer 404 then).
    await db.deleteFrom('videos').where('id', 'in', [finished!, encoding!]).execute();
    expect(await gate.decide(finished!, null, null)).toMatchObject({ allowed: true, final: true });
    await expect(gate.decide(encoding!, null, null)).rejects.toMatchObject({ statusCode: 404 });
    gate.forget(finished!);
    expect(gate.openFolder(finished!)).toBeNull();
    await expect(gate.decide(finished!, null, null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('keeps at most maxVideos answers, the least recently used going first; forget(null) drops them all', async () => {
    const gate = createMediaGate({ access, tokens, maxVideos: 3 });
    const owner = await createUser(db);
    const ids = await createVideos(db, owner.id, [{}, {}, {}, {}, {}]);
    await finish(ids);
    for (const id of ids.slice(0, 3)) await gate.decide(id, null, null);
    // The first is used again, so the second is the least recently used when the fourth and fifth come.
    expect(gate.openFolder(ids[0]!)).toBe(`videos/${ids[0]}`);
    for (const id of ids.slice(3)) await gate.decide(id, null, null);
    expect(gate.size()).toBe(3);
    expect(ids.map((id) => gate.openFolder(id) !== null)).toEqual([true, false, false, true, true]);
    gate.forget(null);
    expect(gate.size()).toBe(0);
    expect(ids.every((id) => gate.openFolder(id) === null)).toBe(true);
  });

  it('an exclusive finished video is kept as closed: no token, no query, no access', async () => {
    const gate = createMediaGate({ access, tokens });
    const owner = await createUser(db);
    const exclusive = await createVideo(db, owner.id, { isExclusive: true });
    await finish([exclusive]);
    expect(await gate.decide(exclusive, null, null)).toMatchObject({ allowed: false, final: true });
    await db.deleteFrom('videos').where('id', '=', exclusive).execute();
    // Answered from memory (the row is gone): still closed, never open.
    expect(await gate.decide(exclusive, null, null)).toMatchObject({ allowed: false, mediaKey: `exclusive/${exclusive}` });
    expect(gate.openFolder(exclusive)).toBeNull();
  });
});
