import { describe, expect, it } from 'vitest';
import { isEdited, isPostOwner, postAuthor, postHref, postSubmission } from './post-rules';

const owner = { _id: 'u1', fullname: 'Pat Poster', username: 'pat', avatar: '/a.png' };

describe('postSubmission (SPEC §5)', () => {
  it('never sends a blank post', () => {
    expect(postSubmission('')).toEqual({ send: false, reason: 'blank' });
    expect(postSubmission(' \n\t ')).toEqual({ send: false, reason: 'blank' });
    expect(postSubmission('   ', 'Old text')).toEqual({ send: false, reason: 'blank' });
  });
  it('creates with the trimmed text', () => {
    expect(postSubmission('  Hello\nworld \n')).toEqual({ send: true, content: 'Hello\nworld' });
  });
  it('sends an edit only when the text changed', () => {
    expect(postSubmission('Old text', 'Old text')).toEqual({ send: false, reason: 'unchanged' });
    expect(postSubmission(' Old text\n', 'Old text')).toEqual({ send: false, reason: 'unchanged' });
    expect(postSubmission('New text', 'Old text')).toEqual({ send: true, content: 'New text' });
  });
});

describe('post author and owner', () => {
  it('reads the first owner, with fallbacks', () => {
    expect(postAuthor({ owner: [owner] })).toEqual(owner);
    expect(postAuthor({ owner: [] })).toMatchObject({ _id: null, fullname: 'Unknown', username: 'unknown' });
  });
  it('only the author owns the post', () => {
    expect(isPostOwner({ owner: [owner] }, 'u1')).toBe(true);
    expect(isPostOwner({ owner: [owner] }, 'u2')).toBe(false);
    expect(isPostOwner({ owner: [] }, 'u1')).toBe(false);
    expect(isPostOwner({ owner: [owner] }, null)).toBe(false);
  });
});

describe('postHref (SPEC §2)', () => {
  it('uses /post/p for your own and /post/u/{channel}/p for others', () => {
    expect(postHref('p1')).toBe('/post/p/p1');
    expect(postHref('p1', 'c 1')).toBe('/post/u/c%201/p/p1');
  });
});

describe('isEdited', () => {
  it('compares the two dates', () => {
    expect(isEdited({ createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' })).toBe(false);
    expect(isEdited({ createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-02T00:00:00Z' })).toBe(true);
  });
});
