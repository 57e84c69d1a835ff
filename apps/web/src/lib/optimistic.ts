import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Puts cached values back as they were before an optimistic change. */
export type Rollback = () => void;

/**
 * The optimistic half of a mutation: stops in-flight fetches of `queryKey` (and every key under it)
 * so they cannot overwrite the change, applies `update` to each cached value, and returns how to
 * undo it when the server refuses.
 */
export async function patchQueries<T>(
  client: QueryClient,
  queryKey: QueryKey,
  update: (data: T) => T,
  options: { cancel?: boolean } = {},
): Promise<Rollback> {
  if (options.cancel !== false) await client.cancelQueries({ queryKey });
  const snapshots = client.getQueriesData<T>({ queryKey });
  for (const [key, data] of snapshots) {
    if (data !== undefined) client.setQueryData<T>(key, update(data));
  }
  return () => {
    for (const [key, data] of snapshots) client.setQueryData<T>(key, data);
  };
}

/** Sets every cached value under `queryKey` without touching in-flight fetches (the server's answer). */
export function setQueries<T>(client: QueryClient, queryKey: QueryKey, update: (data: T) => T) {
  client.setQueriesData<T>({ queryKey }, (data) => (data === undefined ? data : update(data)));
}

/** Runs several rollbacks, newest first. */
export function rollbackAll(rollbacks: Rollback[]): Rollback {
  return () => {
    for (const rollback of [...rollbacks].reverse()) rollback();
  };
}
