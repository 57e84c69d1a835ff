/**
 * API calls the warm start (index.html's first script, app/warm-start-entry.ts) sends before the
 * app's code has loaded, for the app to take instead of asking again: api-client's GETs look here
 * first. Both bundles share them through `window`, since each has its own copy of this module.
 */

type WarmCall = { response: Promise<Response>; sentAt: number };

declare global {
  interface Window {
    __streamhubWarmCalls?: Map<string, WarmCall>;
  }
}

/** An answer older than this is asked for again: the app normally takes it within a second. */
const FRESH_FOR_MS = 10_000;

/** Sends `GET path` as api-client would (same headers and cookies) and keeps it for the app. */
export function sendWarmCall(path: string): Promise<Response> {
  const response = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'include' });
  (window.__streamhubWarmCalls ??= new Map()).set(path, { response, sentAt: performance.now() });
  return response;
}

/** The warm start's answer for `GET path`, once; null when there is none or it is stale. */
export function takeWarmCall(path: string): Promise<Response> | null {
  const calls = typeof window === 'undefined' ? undefined : window.__streamhubWarmCalls;
  const call = calls?.get(path);
  if (!calls || !call) return null;
  calls.delete(path);
  return performance.now() - call.sentAt <= FRESH_FOR_MS ? call.response : null;
}
