import { sql, type Kysely } from 'kysely';

/**
 * The event outbox (events/outbox.ts, docs/architecture.md "Events"): one row per event,
 * written in the transaction of the change it announces, so an event exists exactly when its
 * change does.
 *
 * - Every insert notifies channel `streamhub_events` with the event as JSON (id, name, payload;
 *   payloads are ids, far under NOTIFY's 8000 bytes). PostgreSQL sends it on commit only, to
 *   every listening session: each process's one LISTEN connection (events/events.ts) hands it to
 *   its in-process subscribers. A rolled-back change announces nothing.
 * - `relayed_at` is set by the relay (events/durable.ts) in the transaction that enqueues the
 *   event's jobs for its durable subscribers; the partial index finds the rows still to relay,
 *   whatever the table's size. Relayed rows are deleted a day later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE event_outbox (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      relayed_at timestamptz
    );
    CREATE INDEX event_outbox_to_relay ON event_outbox (id) WHERE relayed_at IS NULL;
    CREATE INDEX event_outbox_relayed ON event_outbox (relayed_at) WHERE relayed_at IS NOT NULL;

    CREATE FUNCTION event_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM pg_notify('streamhub_events', json_build_object('id', NEW.id, 'name', NEW.name, 'payload', NEW.payload)::text);
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER event_outbox_notify AFTER INSERT ON event_outbox
      FOR EACH ROW EXECUTE FUNCTION event_outbox_notify();
  `.execute(db);
}
