import { describe, expect, it } from 'vitest';
import { isTokenizedMediaUrl, mediaFailureAction, REFRESH_COOLDOWN_MS } from './media-refresh';

const now = 1_000_000;
const base = { tokenized: true, refreshPending: false, lastRefreshAt: null, now, canFallBack: true };

describe('mediaFailureAction', () => {
  it('refreshes the URLs on a 403, fatal or not, once per cooldown', () => {
    expect(mediaFailureAction({ status: 403, fatal: false }, base)).toBe('refresh');
    expect(mediaFailureAction({ status: 403, fatal: true }, { ...base, lastRefreshAt: now - REFRESH_COOLDOWN_MS })).toBe(
      'refresh',
    );
    // Refused again right after new URLs: they are refused too, stop there.
    expect(mediaFailureAction({ status: 403, fatal: true }, { ...base, lastRefreshAt: now - 1000 })).toBe('fail');
  });
  it('waits quietly for the new URLs once they are asked for', () => {
    expect(mediaFailureAction({ status: 403, fatal: true }, { ...base, refreshPending: true, lastRefreshAt: now })).toBe(
      'ignore',
    );
    expect(mediaFailureAction({ status: 500, fatal: true }, { ...base, refreshPending: true, lastRefreshAt: now })).toBe(
      'ignore',
    );
  });
  it('leaves other non-fatal errors to the engine', () => {
    expect(mediaFailureAction({ status: 404, fatal: false }, base)).toBe('ignore');
    expect(mediaFailureAction({ status: null, fatal: false }, base)).toBe('ignore');
  });
  it('falls back to the MP4 file on other fatal errors', () => {
    expect(mediaFailureAction({ status: 404, fatal: true }, base)).toBe('fallback');
    expect(mediaFailureAction({ status: 500, fatal: true }, { ...base, canFallBack: false })).toBe('fail');
  });
  it('treats an unexplained element error on a tokenized source as a possibly expired token', () => {
    expect(mediaFailureAction({ status: null, fatal: true }, base)).toBe('refresh');
    expect(mediaFailureAction({ status: null, fatal: true }, { ...base, lastRefreshAt: now - 10 })).toBe('fallback');
    expect(mediaFailureAction({ status: null, fatal: true }, { ...base, tokenized: false })).toBe('fallback');
  });
});

describe('isTokenizedMediaUrl', () => {
  it('tells exclusive media paths from public ones', () => {
    expect(isTokenizedMediaUrl('/media/t/1700000000.sig/videos/v/master.m3u8')).toBe(true);
    expect(isTokenizedMediaUrl('/media/videos/v/master.m3u8')).toBe(false);
    expect(isTokenizedMediaUrl(null)).toBe(false);
  });
});
