import { describe, expect, it } from 'vitest';
import { isUserPage, safeNextPath, signInPathFor } from './pages.ts';

describe('user pages', () => {
  it("are the signed-in user's own pages and their sub-paths", () => {
    for (const path of [
      '/liked',
      '/history',
      '/subscriptions',
      '/subscribers',
      '/purchases',
      '/playlist',
      '/playlist/p/pl1',
      '/videos',
      '/post',
      '/post/new',
      '/post/p/p1',
      '/post/edit/p1',
      '/channel',
      '/channel/comments',
      '/studio',
      '/studio/v1',
      '/notifications',
      '/reports',
      '/video/new',
      '/video/edit/v1',
      '/video/buy/v1',
      '/live/new',
      '/live/v1',
      '/admin',
      '/admin/users',
      '/liked/',
    ]) {
      expect(isUserPage(path), path).toBe(true);
    }
  });

  it('leave out public pages', () => {
    for (const path of [
      '/',
      '/home',
      '/trending',
      '/video/watch/v1',
      '/channel/c1',
      '/videos/c1',
      '/playlist/u/c1',
      '/playlist/u/c1/p/pl1',
      '/post/u/c1',
      '/post/u/c1/p/p1',
      '/embed/v1',
      '/likedx',
      '/nope',
    ]) {
      expect(isUserPage(path), path).toBe(false);
    }
  });
});

describe('the page sign-in returns to', () => {
  it('is a path of this site', () => {
    expect(safeNextPath('/liked')).toBe('/liked');
    expect(safeNextPath('/video/watch/v1?t=3')).toBe('/video/watch/v1?t=3');
  });

  it('is /home (or the fallback) for anything else', () => {
    for (const next of [
      null,
      undefined,
      '',
      'liked',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      '/\t/evil',
      'javascript:alert(1)',
    ]) {
      expect(safeNextPath(next), String(next)).toBe('/home');
    }
    expect(safeNextPath('//x', '/')).toBe('/');
  });

  it('is carried in the sign-in link', () => {
    expect(signInPathFor('/liked?page=2')).toBe('/?next=%2Fliked%3Fpage%3D2');
  });
});
