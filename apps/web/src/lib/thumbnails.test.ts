import { describe, expect, it } from 'vitest';
import { thumbnailSrcSet } from './thumbnails';

describe('thumbnailSrcSet', () => {
  it('names the card copy of a thumbnail stored with one, then the thumbnail itself', () => {
    expect(thumbnailSrcSet('/media/thumbnails/v1-a2-full.webp')).toBe(
      '/media/thumbnails/v1-a2-720.webp 720w, /media/thumbnails/v1-a2-full.webp 1280w',
    );
    expect(thumbnailSrcSet('https://cdn.example/thumbnails/v1-a2-full.webp?v=1')).toBe(
      'https://cdn.example/thumbnails/v1-a2-720.webp?v=1 720w, https://cdn.example/thumbnails/v1-a2-full.webp?v=1 1280w',
    );
  });

  it('gives nothing for a thumbnail without a copy, a missing one, or a URL a srcset cannot hold', () => {
    expect(thumbnailSrcSet('/media/thumbnails/v1-a2.webp')).toBeUndefined();
    expect(thumbnailSrcSet('/media/thumbnails/v1-a2-720.webp')).toBeUndefined();
    expect(thumbnailSrcSet(null)).toBeUndefined();
    expect(thumbnailSrcSet('')).toBeUndefined();
    expect(thumbnailSrcSet('/media/thumbnails/a,b-full.webp')).toBeUndefined();
    expect(thumbnailSrcSet('/media/thumbnails/a b-full.webp')).toBeUndefined();
  });
});
