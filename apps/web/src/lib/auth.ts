import { createContext, useContext, useSyncExternalStore } from 'react';
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { USER_COOKIE_PASSPHRASE_DEFAULT, type CurrentUser } from '@streamhub/contract';

/**
 * Who is signed in. The httpOnly session cookie is invisible to scripts, so the app relies on the
 * JS-readable, AES-encrypted `user` cookie (API.md §2): its presence means "signed in" (SPEC §6).
 */
export const USER_COOKIE = 'user';

export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

function isCurrentUser(value: unknown): value is CurrentUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return typeof user._id === 'string' && typeof user.username === 'string' && typeof user.fullname === 'string';
}

export function decryptUserCookie(value: string, passphrase = USER_COOKIE_PASSPHRASE_DEFAULT): CurrentUser | null {
  try {
    const parsed: unknown = JSON.parse(AES.decrypt(value, passphrase).toString(Utf8));
    if (!isCurrentUser(parsed)) return null;
    return { _id: parsed._id, username: parsed.username, fullname: parsed.fullname, avatar: parsed.avatar ?? '' };
  } catch {
    return null;
  }
}

type Snapshot = { raw: string | null; user: CurrentUser | null };

function readSnapshot(): Snapshot {
  const raw = typeof document === 'undefined' ? null : readCookie(document.cookie, USER_COOKIE);
  return { raw, user: raw ? decryptOnce(raw) : null };
}

/** Where this tab keeps the last cookie it decrypted, with the result. */
export const DECRYPTED_USER_KEY = 'streamhub.user';

/** What the server decrypted from the cookie it rendered the page for (`rememberServerUser`). */
let fromServer: ServerUser | null = null;

/**
 * The user a server-rendered page was rendered for, with the last characters of the cookie it was
 * read from (new on every encryption: another cookie since then is decrypted here instead). Given
 * before the app first asks who is signed in, it spares the first page crypto-js's cold cipher
 * (~10 ms here, ~50 ms on a phone's CPU).
 */
export type ServerUser = { cookieTail: string; user: CurrentUser };

/** The server's render says who it was for (app/server-state.ts). */
export function rememberServerUser(given: ServerUser | undefined) {
  fromServer = given ?? null;
}

/** What the page hands the browser about its visitor: nothing when signed out. */
export function serverUserOf(raw: string | null, user: CurrentUser | null): ServerUser | undefined {
  return raw && user ? { cookieTail: raw.slice(-16), user } : undefined;
}

/**
 * The cookie's user, decrypted once per tab and value: crypto-js's cipher, cold, took ~15 ms of
 * every page load's main thread. Keeping the result beside the cookie exposes nothing new (any
 * script of ours can read and decrypt the cookie); a new cookie value is decrypted again.
 */
function decryptOnce(raw: string): CurrentUser | null {
  if (fromServer && raw.endsWith(fromServer.cookieTail)) return fromServer.user;
  try {
    const saved = JSON.parse(sessionStorage.getItem(DECRYPTED_USER_KEY) ?? 'null') as { raw?: unknown; user?: unknown } | null;
    if (saved?.raw === raw && isCurrentUser(saved.user)) return saved.user;
  } catch {
    // No storage (a private mode, tests) or an unreadable entry: decrypt.
  }
  const user = decryptUserCookie(raw);
  try {
    if (user) sessionStorage.setItem(DECRYPTED_USER_KEY, JSON.stringify({ raw, user }));
  } catch {
    // Storage full or missing: decrypting again next time is fine.
  }
  return user;
}

// Read when first asked for (after the server's render has said who it was for).
let snapshot: Snapshot | null = null;
const current = (): Snapshot => (snapshot ??= readSnapshot());
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Re-reads the cookie; cheap, and a no-op unless the server changed it. */
export function syncCurrentUserFromCookie() {
  const next = readSnapshot();
  if (next.raw === current().raw) return;
  snapshot = next;
  emit();
}

/** Refreshes the displayed profile (from /me or a profile update) without waiting for a cookie change. */
export function updateCurrentUser(patch: Partial<CurrentUser>) {
  syncCurrentUserFromCookie();
  const { raw, user } = current();
  if (!user || (patch._id && patch._id !== user._id)) return;
  const { username, fullname, avatar } = { ...user, ...patch };
  snapshot = { raw, user: { _id: user._id, username, fullname, avatar } };
  emit();
}

/** Forgets the user locally (logout); the server clears its cookies too. */
export function clearCurrentUser() {
  if (typeof document !== 'undefined') document.cookie = `${USER_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
  try {
    sessionStorage.removeItem(DECRYPTED_USER_KEY);
  } catch {
    // No storage: nothing kept.
  }
  snapshot = { raw: null, user: null };
  emit();
}

export function getCurrentUser(): CurrentUser | null {
  return current().user;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab may sign in or out; re-check when this one regains focus.
  window.addEventListener('focus', syncCurrentUserFromCookie);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', syncCurrentUserFromCookie);
  };
}

/**
 * The user a server render is for (decrypted from the request's `user` cookie, entry-server.tsx);
 * undefined in the browser, whose first render (hydration) reads the same cookie itself.
 */
export const ServerUserContext = createContext<CurrentUser | null | undefined>(undefined);

/** The signed-in user (decrypted `user` cookie, refreshed by /me), or null when signed out. */
export function useCurrentUser(): CurrentUser | null {
  const serverUser = useContext(ServerUserContext);
  return useSyncExternalStore(subscribe, getCurrentUser, () => (serverUser === undefined ? getCurrentUser() : serverUser));
}
