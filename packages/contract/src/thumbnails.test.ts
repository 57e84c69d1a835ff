import { describe, expect, it } from 'vitest';
import { thumbnailCardOf } from './thumbnails.ts';

describe('thumbnailCardOf', () => {
  it("names a full thumbnail's card copy, by key or by URL, its query kept", () => {
    expect(thumbnailCardOf('thumbnails/v1-a2-full.webp')).toBe('thumbnails/v1-a2-720.webp');
    expect(thumbnailCardOf('https://cdn.example/thumbnails/v1-a2-full.webp?v=1')).toBe(
      'https://cdn.example/thumbnails/v1-a2-720.webp?v=1',
    );
  });

  it('names none for any other thumbnail', () => {
    expect(thumbnailCardOf('thumbnails/v1-a2.webp')).toBeNull();
    expect(thumbnailCardOf('thumbnails/v1-a2-720.webp')).toBeNull();
    expect(thumbnailCardOf('thumbnails/v1-full.webp.png')).toBeNull();
  });
});
