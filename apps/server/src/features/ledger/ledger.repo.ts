import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { JournalLine } from './ledger.ts';
import type { JournalKind } from '../../db/schema.ts';
import { granting } from '../access/access.sql.ts';

export function createLedgerRepo(db: Db) {
  return {
    /** One journal entry for the purchase with its lines (the database checks the balance at commit). */
    async record(purchaseId: string, lines: JournalLine[], kind: JournalKind = 'sale'): Promise<string> {
      const entryId = newId();
      await db.insertInto('journal_entries').values({ id: entryId, purchase_id: purchaseId, kind }).execute();
      await db
        .insertInto('journal_lines')
        .values(
          lines.map((l) => ({
            id: newId(),
            entry_id: entryId,
            account: l.account,
            user_id: l.userId,
            amount_minor: l.amountMinor,
          })),
        )
        .execute();
      return entryId;
    },

    /** The lines of a purchase's sale entry, as they were written. */
    async saleLines(purchaseId: string): Promise<JournalLine[]> {
      const rows = await db
        .selectFrom('journal_lines as l')
        .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
        .select(['l.account', 'l.user_id', 'l.amount_minor'])
        .where('e.purchase_id', '=', purchaseId)
        .where('e.kind', '=', 'sale')
        .execute();
      return rows.map((r) => ({ account: r.account, userId: r.user_id, amountMinor: Number(r.amount_minor) }));
    },

    /**
     * The creator's earnings (credits are negative, so they are negated; a refund's reversal
     * takes its sale back): all time and the last 30 days. `sales` counts sales not refunded.
     */
    async earningTotals(creatorId: string) {
      return (
        db
          .selectFrom('journal_lines')
          .select([
            sql<number>`coalesce(-sum(amount_minor), 0)`.as('total'),
            sql<number>`coalesce(-sum(amount_minor) FILTER (WHERE created_at > now() - interval '30 days'), 0)`.as(
              'last_30_days',
            ),
            sql<number>`count(*) FILTER (WHERE amount_minor < 0) - count(*) FILTER (WHERE amount_minor > 0)`.as('sales'),
          ])
          .where('user_id', '=', creatorId)
          .where('account', '=', 'creator_earnings')
          // What was earned: sales and their reversals, not payouts (which only move it out).
          .where('entry_id', 'in', (eb) => eb.selectFrom('journal_entries').select('id').where('purchase_id', 'is not', null))
          .executeTakeFirstOrThrow()
      );
    },

    /** The creator's earnings per item sold, best-selling first; the title is the newest one sold. */
    async earningsPerItem(creatorId: string) {
      return (
        db
          .selectFrom('journal_lines as l')
          .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
          .innerJoin('purchases as p', 'p.id', 'e.purchase_id')
          .select([
            'p.kind',
            sql<string>`coalesce(p.video_id, p.playlist_id)`.as('item_id'),
            sql<string>`(array_agg(p.title ORDER BY p.created_at DESC))[1]`.as('title'),
            sql<number>`count(*) FILTER (WHERE e.kind IN ('sale', 'dispute_won')) - count(*) FILTER (WHERE e.kind IN ('refund', 'dispute'))`.as(
              'sales',
            ),
            sql<number>`-sum(l.amount_minor)`.as('amount'),
            sql<Date>`max(l.created_at)`.as('last_sale_at'),
          ])
          .where('l.user_id', '=', creatorId)
          .where('l.account', '=', 'creator_earnings')
          // Items sold: videos and playlists (memberships count in the totals).
          .where('p.kind', 'in', ['video', 'playlist'])
          .groupBy(['p.kind', sql`coalesce(p.video_id, p.playlist_id)`])
          .orderBy('amount', 'desc')
          .orderBy('last_sale_at', 'desc')
          .execute()
      );
    },

    /**
     * Everything that would make the books wrong, each as a sentence: unbalanced or one-sided
     * entries; settled purchases without exactly one sale entry and one entitlement, refunded ones
     * without exactly one sale and one refund entry; a buyer line that is not the amount paid; a
     * refund that does not mirror its sale line for line; a refunded purchase's entitlement that
     * still grants; entries or entitlements of purchases that never settled.
     */
    async problems(): Promise<string[]> {
      const { rows } = await sql<{ problem: string }>`
        SELECT 'journal entry ' || entry_id || ' does not balance: ' || count(*) || ' lines sum to ' || sum(amount_minor) AS problem
        FROM journal_lines GROUP BY entry_id HAVING sum(amount_minor) <> 0 OR count(*) < 2
        UNION ALL
        SELECT 'journal entry ' || e.id || ' has no lines'
        FROM journal_entries e WHERE NOT EXISTS (SELECT 1 FROM journal_lines l WHERE l.entry_id = e.id)
        UNION ALL
        SELECT p.status || ' purchase ' || p.id || ' has ' || (SELECT count(*) FROM journal_entries e WHERE e.purchase_id = p.id AND e.kind = 'sale')
               || ' sale entries, ' || (SELECT count(*) FROM journal_entries e WHERE e.purchase_id = p.id AND e.kind = 'refund')
               || ' refund entries and ' || (SELECT count(*) FROM entitlements t WHERE t.purchase_id = p.id) || ' entitlements'
        FROM purchases p
        WHERE p.status IN ('settled', 'refunded', 'disputed')
          AND ((SELECT count(*) FROM journal_entries e WHERE e.purchase_id = p.id AND e.kind = 'sale') <> 1
            OR (SELECT count(*) FROM journal_entries e WHERE e.purchase_id = p.id AND e.kind = 'refund')
               <> CASE WHEN p.status = 'refunded' THEN 1 ELSE 0 END
            OR (SELECT count(*) FROM entitlements t WHERE t.purchase_id = p.id) <> CASE WHEN p.kind = 'membership' THEN 0 ELSE 1 END)
        UNION ALL
        -- A disputed purchase has its sale reversed once; a dispute won books it again.
        SELECT p.status || ' purchase ' || p.id || ' has ' || d.disputes || ' dispute entries and ' || d.won || ' dispute-won entries'
        FROM purchases p
        CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE e.kind = 'dispute') AS disputes,
                                   count(*) FILTER (WHERE e.kind = 'dispute_won') AS won
                            FROM journal_entries e WHERE e.purchase_id = p.id) d
        WHERE CASE WHEN p.status = 'disputed' THEN d.disputes <> 1 OR d.won <> 0 ELSE d.disputes <> d.won END
        UNION ALL
        SELECT p.status || ' purchase ' || p.id || ' does not match its dispute (' || coalesce(pd.outcome, 'open') || ')'
        FROM purchases p JOIN purchase_disputes pd ON pd.purchase_id = p.id
        WHERE NOT ((p.status = 'disputed' AND coalesce(pd.outcome, 'lost') = 'lost') OR (p.status = 'settled' AND pd.outcome = 'won'))
        UNION ALL
        SELECT 'disputed purchase ' || p.id || ' has no dispute'
        FROM purchases p WHERE p.status = 'disputed' AND NOT EXISTS (SELECT 1 FROM purchase_disputes pd WHERE pd.purchase_id = p.id)
        UNION ALL
        -- A dispute won books exactly the sale's lines again.
        SELECT 'dispute won of purchase ' || s.purchase_id || ' does not repeat its sale'
        FROM journal_entries s
        JOIN journal_entries w ON w.purchase_id = s.purchase_id AND w.kind = 'dispute_won'
        WHERE s.kind = 'sale'
          AND EXISTS (
            (SELECT account, user_id, amount_minor FROM journal_lines WHERE entry_id = s.id
             EXCEPT ALL SELECT account, user_id, amount_minor FROM journal_lines WHERE entry_id = w.id)
            UNION ALL
            (SELECT account, user_id, amount_minor FROM journal_lines WHERE entry_id = w.id
             EXCEPT ALL SELECT account, user_id, amount_minor FROM journal_lines WHERE entry_id = s.id))
        UNION ALL
        SELECT 'purchase ' || p.id || ' paid ' || p.amount_minor || ' but its buyer line says ' || coalesce(sum(l.amount_minor), 0)
        FROM purchases p
        JOIN journal_entries e ON e.purchase_id = p.id AND e.kind = 'sale'
        LEFT JOIN journal_lines l ON l.entry_id = e.id AND l.account = 'buyer_payments' AND l.user_id = p.buyer_id
        GROUP BY p.id, p.amount_minor HAVING coalesce(sum(l.amount_minor), 0) <> p.amount_minor
        UNION ALL
        -- A refund (or a dispute) gives back exactly what its sale took, line for line.
        SELECT r.kind || ' of purchase ' || s.purchase_id || ' does not mirror its sale'
        FROM journal_entries s
        JOIN journal_entries r ON r.purchase_id = s.purchase_id AND r.kind IN ('refund', 'dispute')
        WHERE s.kind = 'sale'
          AND EXISTS (
            (SELECT account, user_id, amount_minor FROM journal_lines WHERE entry_id = s.id
             EXCEPT ALL SELECT account, user_id, -amount_minor FROM journal_lines WHERE entry_id = r.id)
            UNION ALL
            (SELECT account, user_id, -amount_minor FROM journal_lines WHERE entry_id = r.id
             EXCEPT ALL SELECT account, user_id, amount_minor FROM journal_lines WHERE entry_id = s.id))
        UNION ALL
        -- Entitlements are append-only: the access rule must read those of a purchase no longer settled as granting nothing.
        SELECT p.status || ' purchase ' || p.id || ' still grants its ' || p.kind
        FROM entitlements t JOIN purchases p ON p.id = t.purchase_id
        WHERE p.status <> 'settled' AND ${granting('t')}
        UNION ALL
        SELECT p.status || ' purchase ' || p.id || ' has a journal entry or an entitlement'
        FROM purchases p
        WHERE p.status NOT IN ('settled', 'refunded', 'disputed')
          AND (EXISTS (SELECT 1 FROM journal_entries e WHERE e.purchase_id = p.id)
            OR EXISTS (SELECT 1 FROM entitlements t WHERE t.purchase_id = p.id))
        UNION ALL
        -- A membership grants only while a month of it was paid.
        SELECT 'membership ' || m.id || ' is ' || m.state || ' without a settled payment'
        FROM memberships m
        WHERE m.state IN ('active', 'cancelled')
          AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.membership_id = m.id AND p.status = 'settled')
        UNION ALL
        -- A payout moves its amount once (and a failed one moves it back once), line for line.
        SELECT 'payout ' || po.id || ' (' || po.state || ') has ' || x.payout_entries || ' payout and ' || x.failed_entries || ' failed-payout entries'
        FROM payouts po
        CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE e.kind = 'payout') AS payout_entries,
                                   count(*) FILTER (WHERE e.kind = 'payout_failed') AS failed_entries
                            FROM journal_entries e WHERE e.payout_id = po.id) x
        WHERE x.payout_entries <> 1 OR x.failed_entries <> CASE WHEN po.state = 'failed' THEN 1 ELSE 0 END
        UNION ALL
        SELECT 'payout ' || po.id || ' of ' || po.amount_minor || ' is booked as ' || coalesce(sum(l.amount_minor), 0)
        FROM payouts po
        JOIN journal_entries e ON e.payout_id = po.id AND e.kind = 'payout'
        LEFT JOIN journal_lines l ON l.entry_id = e.id AND l.account = 'creator_earnings' AND l.user_id = po.user_id
        GROUP BY po.id, po.amount_minor HAVING coalesce(sum(l.amount_minor), 0) <> po.amount_minor
        UNION ALL
        SELECT 'entitlement ' || t.id || ' (' || t.kind || ') has no purchase'
        FROM entitlements t WHERE t.purchase_id IS NULL AND t.kind <> 'uploads'
        UNION ALL
        SELECT 'entitlement ' || t.id || ' is not what purchase ' || p.id || ' bought'
        FROM entitlements t JOIN purchases p ON p.id = t.purchase_id
        WHERE (t.user_id, t.kind, t.video_id, t.playlist_id, t.upload_slots)
              IS DISTINCT FROM (p.buyer_id, p.kind, p.video_id, p.playlist_id, p.upload_slots)
      `.execute(db);
      return rows.map((r) => r.problem);
    },
  };
}
export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
