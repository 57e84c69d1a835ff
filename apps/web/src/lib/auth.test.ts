import { afterEach, describe, expect, it, vi } from 'vitest';
import AES from 'crypto-js/aes';
import { USER_COOKIE_PASSPHRASE_DEFAULT } from '@streamhub/contract';
import {
  clearCurrentUser,
  DECRYPTED_USER_KEY,
  decryptUserCookie,
  getCurrentUser,
  readCookie,
  rememberServerUser,
  serverUserOf,
  syncCurrentUserFromCookie,
  updateCurrentUser,
} from './auth';

const user = { _id: 'u1', username: 'ann', fullname: 'Ann Lee', avatar: '/media/a.webp' };
const encrypted = AES.encrypt(JSON.stringify(user), USER_COOKIE_PASSPHRASE_DEFAULT).toString();

describe('readCookie', () => {
  it('finds a cookie by name and URL-decodes it', () => {
    const cookies = `sid_other=1; user=${encodeURIComponent(encrypted)}; theme=dark`;
    expect(readCookie(cookies, 'user')).toBe(encrypted);
    expect(readCookie(cookies, 'missing')).toBeNull();
  });

  it('keeps raw (not encoded) values', () => {
    expect(readCookie(`user=${encrypted}`, 'user')).toBe(encrypted);
  });
});

describe('decryptUserCookie', () => {
  it('decrypts what the server writes with crypto-js', () => {
    expect(decryptUserCookie(encrypted)).toEqual(user);
  });

  it('rejects garbage and other passphrases', () => {
    expect(decryptUserCookie('not-a-cookie')).toBeNull();
    expect(decryptUserCookie(AES.encrypt(JSON.stringify(user), 'other').toString())).toBeNull();
    expect(decryptUserCookie(AES.encrypt('{"hello":1}', USER_COOKIE_PASSPHRASE_DEFAULT).toString())).toBeNull();
  });
});

describe('current user store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the cookie and accepts profile refreshes', () => {
    const fakeDocument = { cookie: `user=${encodeURIComponent(encrypted)}` };
    vi.stubGlobal('document', fakeDocument);
    syncCurrentUserFromCookie();
    expect(getCurrentUser()).toEqual(user);

    updateCurrentUser({ _id: 'u1', fullname: 'Ann B. Lee' });
    expect(getCurrentUser()?.fullname).toBe('Ann B. Lee');

    updateCurrentUser({ _id: 'someone-else', fullname: 'Nope' });
    expect(getCurrentUser()?.fullname).toBe('Ann B. Lee');

    fakeDocument.cookie = '';
    syncCurrentUserFromCookie();
    expect(getCurrentUser()).toBeNull();
  });

  it('forgets the user on clear', () => {
    vi.stubGlobal('document', { cookie: `user=${encrypted}` });
    syncCurrentUserFromCookie();
    clearCurrentUser();
    expect(getCurrentUser()).toBeNull();
  });

  it('decrypts a cookie value once per tab, and again when the value changes', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
    const fakeDocument = { cookie: `user=${encodeURIComponent(encrypted)}` };
    vi.stubGlobal('document', fakeDocument);
    syncCurrentUserFromCookie();
    expect(JSON.parse(store.get(DECRYPTED_USER_KEY)!)).toEqual({ raw: encrypted, user });

    // What is kept for a value is used without the cipher (this one could not be decrypted)...
    const kept = { ...user, fullname: 'Kept Name' };
    store.set(DECRYPTED_USER_KEY, JSON.stringify({ raw: 'opaque-value', user: kept }));
    fakeDocument.cookie = 'user=opaque-value';
    syncCurrentUserFromCookie();
    expect(getCurrentUser()).toEqual(kept);

    // ...and only for that value: another one is decrypted (this one fails: signed out).
    fakeDocument.cookie = 'user=other-value';
    syncCurrentUserFromCookie();
    expect(getCurrentUser()).toBeNull();

    clearCurrentUser();
    expect(store.has(DECRYPTED_USER_KEY)).toBe(false);
  });

  it("takes the server render's user for the cookie it was rendered for, and decrypts any other", () => {
    const fakeDocument = { cookie: 'user=salted-ciphertext-of-the-render' };
    vi.stubGlobal('document', fakeDocument);
    const rendered = { ...user, fullname: 'From the server' };
    // The cookie could not be decrypted: the user can only come from the server's word.
    rememberServerUser(serverUserOf('salted-ciphertext-of-the-render', rendered));
    syncCurrentUserFromCookie();
    expect(getCurrentUser()).toEqual(rendered);

    // A cookie written since (another sign-in) is decrypted instead.
    fakeDocument.cookie = `user=${encodeURIComponent(encrypted)}`;
    syncCurrentUserFromCookie();
    expect(getCurrentUser()).toEqual(user);

    // Signed out when rendered: nothing to take.
    expect(serverUserOf(null, null)).toBeUndefined();
    rememberServerUser(undefined);
    clearCurrentUser();
  });
});
