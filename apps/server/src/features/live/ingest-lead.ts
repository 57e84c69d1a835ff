import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Session advisory lock of the one process that ingests (0x5352_4d48_5542_0023: "SRMHUB", 0x23). */
const INGEST_LOCK_KEY = '6003946226301665315';

interface Deps {
  db: Db;
  /** How often a process that does not lead asks again, and the one that does checks its connection. */
  retryMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Starts ingesting: this process holds the lock and ingests nothing yet. Throws when it cannot (the port is taken). */
  lead(): Promise<void>;
  /** Stops ingesting: `stop`, or another process holds the lock now. */
  unlead(): Promise<void>;
  /** Whether this process ingests now (it may, for a while, without the lock: see below). */
  leading(): boolean;
}

/**
 * Which process ingests (docs/live.md): the one holding a PostgreSQL session advisory lock, on a
 * pooled connection it keeps and checks every `retryMs`; the others ask again as often, so a
 * stopped or killed ingest is replaced within seconds. A connection that fails (a database
 * restart, a network blip) takes the lock with it but not the ingest: this process goes on and
 * takes the lock again as soon as the database answers; only when another process holds it by
 * then does it stop (that one ingests now).
 */
export function createIngestLead({ db, retryMs, log, lead, unlead, leading }: Deps) {
  let stopping = false;
  let trying = false;
  let releaseLead: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let toldWaiting = false;
  /** The last try: while it leads, it ends only once the ingest has stopped and the lock is given back. */
  let attempt: Promise<void> = Promise.resolve();

  const unlock = (conn: Db) => sql`SELECT pg_advisory_unlock(${INGEST_LOCK_KEY}::bigint)`.execute(conn).catch(() => {});

  /** Holds the lock until `released` (true) or until its connection fails (false). */
  async function hold(conn: Db, released: Promise<void>): Promise<boolean> {
    for (;;) {
      const tick = new Promise<'tick'>((resolve) => setTimeout(() => resolve('tick'), retryMs).unref());
      if ((await Promise.race([released.then(() => 'released' as const), tick])) === 'released') return true;
      const alive = await sql`SELECT 1`.execute(conn).then(
        () => true,
        () => false,
      );
      if (!alive) return false;
    }
  }

  function tryToLead() {
    if (stopping || releaseLead || trying) return;
    trying = true;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    attempt = db
      .connection()
      .execute(async (conn) => {
        const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${INGEST_LOCK_KEY}::bigint) AS ok`
          .execute(conn)
          .finally(() => (trying = false));
        if (!rows[0]?.ok) {
          if (leading()) {
            log.warn({}, 'RTMP ingest taken over by another process while the database was away; this one stops');
            await unlead();
          }
          return false;
        }
        if (stopping) {
          // Stopped while asking: give the lock straight back (nothing would release it later).
          await unlock(conn);
          return true;
        }
        releaseLead = release;
        if (leading()) log.info({}, 'RTMP ingest holds its database lock again');
        else {
          try {
            await lead();
          } catch {
            await unlock(conn);
            releaseLead = null;
            return false;
          }
        }
        if (!(await hold(conn, released))) {
          // The lock went with the connection; the ingest stays (see above).
          log.warn({}, 'RTMP ingest lost its database connection; keeps its streams and takes the lock again');
          releaseLead = null;
          return true;
        }
        await unlead();
        await unlock(conn);
        releaseLead = null;
        return true;
      })
      .then(
        (led) => {
          if (!led && !toldWaiting && !stopping && !leading()) {
            toldWaiting = true;
            log.info({}, 'RTMP ingest runs in another process; this one takes over if it stops');
          }
        },
        (err: unknown) => {
          trying = false;
          releaseLead = null;
          log.warn({ err: String(err) }, 'RTMP ingest lock not taken; trying again later');
        },
      );
  }

  return {
    /** Takes part: leads when the lock is free, else asks again every `retryMs`. */
    start() {
      stopping = false;
      tryToLead();
      timer = setInterval(tryToLead, retryMs);
      timer.unref();
    },
    /** Stops leading (the ingest stops) and gives the lock up; bounded when the database does not answer. */
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      releaseLead?.();
      await Promise.race([attempt, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
      // Leading without the lock (its connection failed and the database has not answered since).
      if (leading()) await unlead();
    },
  };
}
