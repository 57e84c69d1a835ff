import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { eventDefinitions, type EventName, type EventPayload } from './registry.ts';

/** The channel every outbox insert notifies (migration 0015): the one each process LISTENs on. */
export const EVENTS_CHANNEL = 'streamhub_events';

/**
 * NOTIFY refuses payloads of 8000 bytes or more, which would fail the whole transaction at
 * commit; events carry ids, so a payload this large is a mistake, refused where it is made.
 */
const MAX_PAYLOAD_BYTES = 4000;

/** An outbox row as the relay reads it. */
export interface OutboxRow {
  id: string;
  name: string;
  payload: Record<string, unknown>;
}

/**
 * Writes an event into the outbox on `q` (the transaction of the change it announces): its
 * payload checked against the registry, its id new. The insert's trigger notifies every
 * listening process on commit. Test factories that insert rows directly call this too.
 */
export async function writeEvent<N extends EventName>(q: Db, name: N, payload: EventPayload<N>): Promise<string> {
  const json = JSON.stringify(eventDefinitions[name].payload.parse(payload));
  if (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES) throw new Error(`Event ${name}: payload over ${MAX_PAYLOAD_BYTES} bytes`);
  const id = newId();
  await q.insertInto('event_outbox').values({ id, name, payload: json }).execute();
  return id;
}

/** The outbox's SQL for the relay (events/durable.ts). */
export const outbox = {
  /**
   * Up to `limit` committed events not yet relayed, oldest first, locked until `trx` ends;
   * rows another relay holds are skipped, so relays in several processes share the work.
   */
  async lockUnrelayed(trx: Db, limit: number): Promise<OutboxRow[]> {
    const rows = await trx
      .selectFrom('event_outbox')
      .select(['id', 'name', 'payload'])
      .where('relayed_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    return rows as OutboxRow[];
  },

  async markRelayed(trx: Db, ids: string[]): Promise<void> {
    if (ids.length)
      await trx
        .updateTable('event_outbox')
        .set({ relayed_at: sql<Date>`now()` })
        .where('id', 'in', ids)
        .execute();
  },

  /** Deletes relayed events older than `maxAgeMs` (their jobs carry them); returns how many went. */
  async deleteRelayedBefore(db: Db, maxAgeMs: number): Promise<number> {
    const result = await db
      .deleteFrom('event_outbox')
      .where('relayed_at', '<', sql<Date>`now() - make_interval(secs => ${maxAgeMs / 1000})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
