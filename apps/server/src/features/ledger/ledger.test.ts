import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createPlaylist, createUser, createVideo } from '../../../test/factories.ts';
import { newId } from '../../lib/ids.ts';
import { platformFee, saleJournal } from './ledger.ts';

const run = promisify(execFile);

describe('saleJournal (pure)', () => {
  const sum = (lines: { amountMinor: number }[]) => lines.reduce((s, l) => s + l.amountMinor, 0);

  it('buyer pays, creator earns, the platform takes its fee; every journal sums to zero', () => {
    expect(saleJournal({ amountMinor: 999, buyerId: 'b', sellerId: 's', feePercent: 10 })).toEqual([
      { account: 'buyer_payments', userId: 'b', amountMinor: 999 },
      { account: 'creator_earnings', userId: 's', amountMinor: -899 },
      { account: 'platform_revenue', userId: null, amountMinor: -100 },
    ]);
    for (const amountMinor of [1, 5, 499, 2000, 123_457, 100_000_000]) {
      for (const feePercent of [0, 2.5, 10, 33.3, 99.9, 100]) {
        const lines = saleJournal({ amountMinor, buyerId: 'b', sellerId: 's', feePercent });
        expect(sum(lines), `${amountMinor} at ${feePercent} %`).toBe(0);
        expect(lines.every((l) => Number.isInteger(l.amountMinor) && l.amountMinor !== 0)).toBe(true);
      }
    }
  });

  it("the platform's own items are all revenue; zero lines are left out", () => {
    expect(saleJournal({ amountMinor: 2000, buyerId: 'b', sellerId: null, feePercent: 10 })).toEqual([
      { account: 'buyer_payments', userId: 'b', amountMinor: 2000 },
      { account: 'platform_revenue', userId: null, amountMinor: -2000 },
    ]);
    expect(saleJournal({ amountMinor: 500, buyerId: 'b', sellerId: 's', feePercent: 0 }).map((l) => l.account)).toEqual([
      'buyer_payments',
      'creator_earnings',
    ]);
  });

  it('rounds the fee to the nearest minor unit and refuses amounts that are not minor units', () => {
    expect(platformFee(5, 10)).toBe(1); // 0.5 rounds up
    expect(platformFee(4, 10)).toBe(0);
    expect(platformFee(999, 12.5)).toBe(125);
    expect(() => saleJournal({ amountMinor: 9.99, buyerId: 'b', sellerId: 's', feePercent: 10 })).toThrow();
    expect(() => saleJournal({ amountMinor: 0, buyerId: 'b', sellerId: 's', feePercent: 10 })).toThrow();
  });
});

const ctx = await createTestContext({ PLATFORM_FEE_PERCENT: '12.5' });
const { app, db } = ctx;
const { ledger } = ctx.deps.services;

async function someSales() {
  const owner = await createUser(db);
  const video = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 999 });
  const playlist = await createPlaylist(db, owner.id, { isExclusive: true, priceMinor: 3000, videoIds: [video] });
  const fan = await registerUser(ctx);
  for (const url of [`video/${video}`, `playlist/${playlist}`, 'uploads']) {
    const res = await app.inject({ method: 'POST', url: `/api/purchase/buy/${url}`, headers: { cookie: fan.cookie } });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { owner, fan };
}

describe('the books', () => {
  it('takes the fee from PLATFORM_FEE_PERCENT', async () => {
    const { owner } = await someSales();
    const lines = await db
      .selectFrom('journal_lines')
      .select(['account', 'amount_minor'])
      .where('user_id', '=', owner.id)
      .execute();
    // 12.5 % of 9.99 is 1.25 (1.24875 rounded); of 30.00 it is 3.75.
    expect(lines.map((l) => l.amount_minor).sort((a, b) => a - b)).toEqual([-2625, -874]);
  });

  it('are right after real purchases: ledger.problems() is empty and `npm run ledger:check` exits 0', async () => {
    await someSales();
    expect(await ledger.problems()).toEqual([]);
    const { stdout } = await run('npx', ['tsx', path.join(import.meta.dirname, '../../ledger-check.ts')], {
      env: { ...process.env, DATABASE_URL: ctx.config.databaseUrl },
    });
    expect(stdout).toMatch(/^ledger ok: \d+ settled purchases, \d+ refunded, \d+ journal entries, \d+ entitlements/);
  });

  it('the database refuses an unbalanced or one-line journal, and changes to appended rows', async () => {
    const { fan } = await someSales();
    const purchase = await db
      .selectFrom('purchases')
      .select(['id', 'seller_id'])
      .where('buyer_id', '=', fan.id)
      .where('kind', '=', 'video')
      .executeTakeFirstOrThrow();
    // A second purchase to hang broken journals on (its own entry is unique per purchase).
    const other = newId();
    await db
      .insertInto('purchases')
      .values({
        id: other,
        buyer_id: fan.id,
        kind: 'uploads',
        upload_slots: 5,
        seller_id: null,
        title: 'x',
        amount_minor: 100,
        idempotency_key: other,
        provider: 'test',
      })
      .execute();
    const journal = (lines: number[]) =>
      db.transaction().execute(async (trx) => {
        const entry = newId();
        await trx.insertInto('journal_entries').values({ id: entry, purchase_id: other }).execute();
        if (lines.length) {
          await trx
            .insertInto('journal_lines')
            .values(
              lines.map((amount, i) => ({
                id: newId(),
                entry_id: entry,
                account: i ? 'platform_revenue' : 'buyer_payments',
                user_id: i ? null : fan.id,
                amount_minor: amount,
              })),
            )
            .execute();
        }
      });
    await expect(journal([100, -99])).rejects.toThrow(/does not balance/);
    await expect(journal([100])).rejects.toThrow(/does not balance/);
    await expect(journal([])).rejects.toThrow(/does not balance/);
    await expect(db.updateTable('journal_lines').set({ amount_minor: 1 }).where('id', 'is not', null).execute()).rejects.toThrow(
      /appended/,
    );
    await expect(db.deleteFrom('entitlements').where('purchase_id', '=', purchase.id).execute()).rejects.toThrow(/appended/);
    await expect(db.deleteFrom('purchases').where('id', '=', purchase.id).execute()).rejects.toThrow(/never deleted/);
    await expect(
      db
        .updateTable('purchases')
        .set({ status: 'failed', failed_at: new Date(), settled_at: null })
        .where('id', '=', purchase.id)
        .execute(),
    ).rejects.toThrow(/cannot move from settled to failed/);
    await expect(db.updateTable('purchases').set({ amount_minor: 1 }).where('id', '=', purchase.id).execute()).rejects.toThrow(
      /never changes/,
    );
  });

  it('ledger.problems() names a settled purchase without its entitlement and journal', async () => {
    const buyer = await createUser(db);
    const id = newId();
    await db
      .insertInto('purchases')
      .values({
        id,
        buyer_id: buyer.id,
        kind: 'uploads',
        upload_slots: 5,
        seller_id: null,
        title: 'x',
        amount_minor: 2000,
        idempotency_key: id,
        provider: 'test',
        status: 'settled',
        settled_at: new Date(),
      })
      .execute();
    expect(await ledger.problems()).toEqual([`settled purchase ${id} has 0 sale entries, 0 refund entries and 0 entitlements`]);
    const failed = await run('npx', ['tsx', path.join(import.meta.dirname, '../../ledger-check.ts')], {
      env: { ...process.env, DATABASE_URL: ctx.config.databaseUrl },
    }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`settled purchase ${id} has 0 sale entries, 0 refund entries and 0 entitlements`);
  });
});
