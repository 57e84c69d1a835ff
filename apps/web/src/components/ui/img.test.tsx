// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGES, Img } from './img';

afterEach(cleanup);

describe('Img', () => {
  it('keeps its srcset and sizes, and drops both with the source for the default image when it fails', () => {
    const srcSet = '/media/thumbnails/v-a-720.webp 720w, /media/thumbnails/v-a-full.webp 1280w';
    render(<Img src="/media/thumbnails/v-a-full.webp" srcSet={srcSet} sizes="100vw" fallback="thumbnail" alt="t" />);
    const img = screen.getByAltText('t');
    expect(img.getAttribute('srcset')).toBe(srcSet);
    expect(img.getAttribute('sizes')).toBe('100vw');

    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_IMAGES.thumbnail);
    // Left in place, the srcset would go on choosing the broken copies over the default.
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });

  it('a missing source is the default image at once, with no srcset', () => {
    render(<Img src={null} srcSet={undefined} sizes="100vw" fallback="avatar" alt="a" />);
    const img = screen.getByAltText('a');
    expect(img.getAttribute('src')).toBe(DEFAULT_IMAGES.avatar);
    expect(img.hasAttribute('sizes')).toBe(false);
  });
});
