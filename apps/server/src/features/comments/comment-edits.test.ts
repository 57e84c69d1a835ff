import { describe, expect, it } from 'vitest';
import { createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';
import { createVideo } from '../../../test/factories.ts';
import { findBlockedWord } from '../channel-blocks/blocked-words.ts';

/**
 * Editing a comment is writing it again under its channel's rules (docs/moderation.md): the
 * blocked-word hold and a channel block cannot be sidestepped by posting something clean and
 * editing it afterwards, nor by spelling a blocked word out.
 */
const ctx = await createTestContext();
const { app, db } = ctx;

async function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}
const publicIds = async (videoId: string) =>
  (await call('GET', `/api/comment/video/${videoId}`)).json().data.map((c: { _id: string }) => c._id);

const creator = await registerUser(ctx);
const fan = await registerUser(ctx);
const videoId = await createVideo(db, creator.id);
await call('PUT', '/api/channel/blocked-words', creator.cookie, { words: ['scam', 'free money'] });

describe('editing a comment', () => {
  it('into a blocked word holds it like a new comment; a clean edit of a held one is released', async () => {
    const posted = await call('POST', `/api/comment/video/${videoId}`, fan.cookie, { content: 'Lovely video' });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().data._id;
    expect(await publicIds(videoId)).toContain(id);

    const edited = await call('POST', `/api/comment/c/${id}`, fan.cookie, { content: 'Total S.C.A.M, see my site' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ content: 'Total S.C.A.M, see my site', held: true });
    expect(await publicIds(videoId)).not.toContain(id);
    const queue = (await call('GET', '/api/channel/held-comments', creator.cookie)).json().data;
    expect(queue.map((c: { _id: string }) => c._id)).toContain(id);

    const clean = await call('POST', `/api/comment/c/${id}`, fan.cookie, { content: 'Lovely video, really' });
    expect(clean.json().data.held).toBeUndefined();
    expect(await publicIds(videoId)).toContain(id);
  });

  it('the creator’s own edits are never held', async () => {
    const own = await call('POST', `/api/comment/video/${videoId}`, creator.cookie, { content: 'Thanks all' });
    const edited = await call('POST', `/api/comment/c/${own.json().data._id}`, creator.cookie, { content: 'Beware of any scam' });
    expect(edited.json().data.held).toBeUndefined();
  });

  it('is refused to a user the channel blocked (403), and allowed again once unblocked', async () => {
    const troll = await registerUser(ctx);
    const posted = await call('POST', `/api/comment/video/${videoId}`, troll.cookie, { content: 'Fine words' });
    const id = posted.json().data._id;
    await call('POST', `/api/channel/blocks/${troll.id}`, creator.cookie);
    const refused = await call('POST', `/api/comment/c/${id}`, troll.cookie, { content: 'Now something nasty' });
    expect(refused.json()).toEqual(errorEnvelope(403, 'You cannot comment on this channel'));
    expect(
      (await call('GET', `/api/comment/video/${videoId}`)).json().data.find((c: { _id: string }) => c._id === id).content,
    ).toBe('Fine words');
    await app.inject({ method: 'DELETE', url: `/api/channel/blocks/${troll.id}`, headers: { cookie: creator.cookie } });
    expect((await call('POST', `/api/comment/c/${id}`, troll.cookie, { content: 'Kind words' })).statusCode).toBe(200);
  });

  it('a new comment that spells a blocked word out is held too', async () => {
    for (const content of ['ｓｃａｍ alert', 'what a s c a m', 'sc\u200bam', 'SC\u00adAM!', 'free-money inside', 'FREE…MONEY']) {
      const res = await call('POST', `/api/comment/video/${videoId}`, fan.cookie, { content });
      expect(res.json().data.held, content).toBe(true);
    }
  });
});

describe('findBlockedWord after folding (pure)', () => {
  it('matches across NFKC forms, case, zero-width characters, spacing and punctuation between letters', () => {
    for (const text of [
      'ＳＣＡＭ',
      'ｓｃａｍ',
      's c a m',
      's.c.a.m',
      's-c_a-m',
      'sc\u200bam',
      'sc\u200d\u200cam',
      'S\u2060CAM',
      'ſcam',
    ]) {
      expect(findBlockedWord(text, ['scam']), JSON.stringify(text)).toBe('scam');
    }
    expect(findBlockedWord('ﬁne print', ['fine'])).toBe('fine'); // the ﬁ ligature
    expect(findBlockedWord('buy ②', ['2'])).toBe('2');
    expect(findBlockedWord('free  ...  money', ['free money'])).toBe('free money');
  });

  it('still matches whole words only', () => {
    for (const text of ['scammer', 'antiscam', 'a scamp', 'ascam', 'scam_bot', 'sc4m']) {
      expect(findBlockedWord(text, ['scam']), text).toBeNull();
    }
    expect(findBlockedWord('?!', ['?!'])).toBe('?!');
  });
});
