import { describe, expect, it } from 'vitest';
import { createUser, createVideo } from '../../../test/factories.ts';
import { createTestContext } from '../../../test/support.ts';

// The watch call's `chapters` (API.md §16): read from the description by YouTube's rule, through
// the real app and database.

const ctx = await createTestContext();
const owner = await createUser(ctx.db);

async function chaptersOf(description: string) {
  const id = await createVideo(ctx.db, owner.id, { description });
  const res = await ctx.app.inject({ method: 'GET', url: `/api/video/v/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.chapters;
}

describe('the watch call’s chapters', () => {
  it('three or more lines starting with a timestamp, the first at 0:00, ascending: chapters in seconds', async () => {
    expect(await chaptersOf('Parts:\n0:00 Intro\n2:30 - Verse\n1:02:03 Outro <b>bye</b>\nThanks!')).toEqual([
      { start: 0, title: 'Intro' },
      { start: 150, title: 'Verse' },
      { start: 3723, title: 'Outro <b>bye</b>' },
    ]);
  });

  it('none from two timestamps, none when the first is not at 0:00, none from timestamps mid-line', async () => {
    expect(await chaptersOf('0:00 Intro\n2:30 Outro')).toEqual([]);
    expect(await chaptersOf('0:10 Intro\n2:30 Verse\n3:00 Outro')).toEqual([]);
    expect(await chaptersOf('Start at 0:00, the verse at 2:30 and the outro at 3:00.\nAlso 4:00 and 5:00')).toEqual([]);
    expect(await chaptersOf('Just a description')).toEqual([]);
  });
});
