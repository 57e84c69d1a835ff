/**
 * Runs `run` once the browser has a moment with nothing else to do (requestIdleCallback), and at
 * the latest after `timeoutMs`: for work a page starts that need not share the main thread with
 * its take-over and first frame (a network call's start alone is a few milliseconds of it, which
 * on a phone's CPU turned React's effects into long tasks). Returns the function that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1);
  return () => clearTimeout(timer);
}
