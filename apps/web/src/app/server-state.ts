import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { rememberServerUser, type ServerUser } from '@/lib/auth';
import { setRenderedAt } from '@/lib/use-now';

/**
 * The data a server render loaded, handed to the browser inside the page: a JSON block (never run,
 * so the Content-Security-Policy needs no inline script) that the app puts into its query cache
 * before it hydrates, so the page's first render in the browser is the server's and nothing is
 * asked again.
 */
export const SERVER_STATE_ID = 'streamhub-state';

type SentError = { status: number; message: string; data?: unknown; reason?: string };

type ServerState = { renderedAt: number; queries: DehydratedState; user?: ServerUser };

/**
 * The `<script type="application/json">` block holding `client`'s answers and failures, rendered
 * at `renderedAt` for `user` (who the browser need not decrypt from its cookie again).
 */
export function serverStateScript(client: QueryClient, renderedAt: number, user?: ServerUser): string {
  const state = dehydrate(client, {
    // A failed call is part of what the page showed (the not-found view, 'Unable to load video').
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
  });
  for (const query of state.queries) {
    const error = query.state.error;
    if (error) query.state.error = sentError(error) as unknown as Error;
  }
  // Inside <script>: nothing may close the element or open a comment.
  const json = JSON.stringify({ renderedAt, queries: state, user } satisfies ServerState).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_STATE_ID}">${json}</script>`;
}

function sentError(error: Error): SentError {
  if (error instanceof ApiError) return { status: error.status, message: error.message, data: error.data, reason: error.reason };
  return { status: 500, message: error.message };
}

/**
 * Puts the server's answers into `client` and the server's render moment where hydration reads
 * relative times from (lib/use-now.ts); false when the page carries none (not server-rendered).
 */
export function hydrateServerState(client: QueryClient): boolean {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return false;
  const { renderedAt, queries: state, user } = JSON.parse(text) as ServerState;
  setRenderedAt(() => renderedAt);
  rememberServerUser(user);
  for (const query of state.queries) {
    const error = query.state.error as SentError | null;
    // The app tells failures apart by ApiError's status and reason.
    if (error) query.state.error = new ApiError(error);
  }
  hydrate(client, state);
  askFailuresAgainWhenShown(client, new Set(state.queries.filter((query) => query.state.error).map((query) => query.queryHash)));
  return true;
}

/**
 * A call that failed on the server is asked again by the browser, as itself, when the page first
 * shows it (a refused video's call leads to sign-in or its buy page): once, as the query's first
 * observer subscribes. (A call that failed in the browser is not: `retryOnMount: false`.)
 */
function askFailuresAgainWhenShown(client: QueryClient, failed: Set<string>) {
  if (failed.size === 0) return;
  const cache = client.getQueryCache();
  const stop = cache.subscribe((event) => {
    if (event.type !== 'observerAdded' || !failed.delete(event.query.queryHash)) return;
    if (failed.size === 0) stop();
    const { query } = event;
    queueMicrotask(() => void query.fetch().catch(() => undefined));
  });
}
