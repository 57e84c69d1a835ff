import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import type { Db } from '../../db/database.ts';
import { BadInput, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';

const ISSUER = 'StreamHub';
const PERIOD = 30;
const RECOVERY_CODES = 10;
const INVALID_CODE = 'Invalid two-factor code';

const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
const totpOf = (secret: string, label: string) =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });

/**
 * TOTP second factor (RFC 6238) with single-use recovery codes (API.md §19, docs/accounts.md).
 * The secret is answered only by setup; a code signs in at most once (the last time step that
 * signed in is kept and only a later one passes, atomically); recovery codes are kept as hashes
 * and removed in the same statement that accepts one, so two clicks at once cannot both use it.
 * Turning two factors on, or off, or deleting the account asks for a current code as a check of
 * the signed-in user, not as a sign-in: it uses no step up (a code that just turned two factors on
 * signs in; the one that just signed in turns them off).
 */
export function createTwoFactorService({ db }: { db: Db }) {
  async function userOrThrow(userId: string) {
    const user = await db.selectFrom('users').select(['username', 'password_hash']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw new NotFound('User does not exist');
    return user;
  }

  /**
   * Whether `code` is a current TOTP code or an unused recovery code of the user. A recovery code
   * is used up; a TOTP code is when `signIn` (only a step later than the last sign-in's passes).
   */
  async function useCode(userId: string, code: string, { allowRecovery, signIn }: { allowRecovery: boolean; signIn: boolean }) {
    const row = await db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return false;
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const delta = totpOf(row.secret, userId).validate({ token: digits, window: 1 });
      if (delta === null) return false;
      if (!signIn) return true;
      const step = Math.floor(Date.now() / 1000 / PERIOD) + delta;
      const taken = await db
        .updateTable('user_two_factor')
        .set({ last_step: String(step) })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step))]))
        .returning('user_id')
        .executeTakeFirst();
      return Boolean(taken);
    }
    if (!allowRecovery || !row.enabled) return false;
    const hash = hashCode(code);
    const used = await db
      .updateTable('user_two_factor')
      .set({ recovery_hashes: sql`array_remove(recovery_hashes, ${hash})` })
      .where('user_id', '=', userId)
      .where(sql<boolean>`${hash} = ANY(recovery_hashes)`)
      .returning('user_id')
      .executeTakeFirst();
    return Boolean(used);
  }

  return {
    async enabled(userId: string): Promise<boolean> {
      const row = await db.selectFrom('user_two_factor').select('enabled').where('user_id', '=', userId).executeTakeFirst();
      return row?.enabled ?? false;
    },

    /** A new secret, not yet on (a setup not finished is replaced); 409 once two factors are on. */
    async setup(userId: string) {
      const user = await userOrThrow(userId);
      if (await this.enabled(userId)) throw new Conflict('Two-factor authentication is already on');
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await db
        .insertInto('user_two_factor')
        .values({ user_id: userId, secret })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ secret, last_step: null, recovery_hashes: [] })
            .where('user_two_factor.enabled', '=', false),
        )
        .execute();
      return { secret, otpauthUrl: totpOf(secret, user.username).toString() };
    },

    /** A code of the set-up secret turns two factors on; answers the recovery codes, once. */
    async enable(userId: string, code: string) {
      const row = await db.selectFrom('user_two_factor').select('enabled').where('user_id', '=', userId).executeTakeFirst();
      if (!row) throw new Conflict('Set up two-factor authentication first');
      if (row.enabled) throw new Conflict('Two-factor authentication is already on');
      if (!(await useCode(userId, code, { allowRecovery: false, signIn: false }))) throw new BadInput(INVALID_CODE);
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => {
        const hex = randomBytes(5).toString('hex');
        return `${hex.slice(0, 5)}-${hex.slice(5)}`;
      });
      const done = await db
        .updateTable('user_two_factor')
        .set({ enabled: true, recovery_hashes: recoveryCodes.map(hashCode) })
        .where('user_id', '=', userId)
        .where('enabled', '=', false)
        .returning('user_id')
        .executeTakeFirst();
      if (!done) throw new Conflict('Two-factor authentication is already on');
      return { recoveryCodes };
    },

    async disable(userId: string, password: string, code: string) {
      const user = await userOrThrow(userId);
      if (!(await verifyPassword(user.password_hash, password))) throw new Forbidden('Password incorrect');
      if (!(await this.enabled(userId))) throw new Conflict('Two-factor authentication is off');
      if (!(await this.confirm(userId, code))) throw new BadInput(INVALID_CODE);
      await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
    },

    /** At sign-in: whether the code (TOTP or recovery) passes; used up when it does. */
    async verifyLogin(userId: string, code: string): Promise<boolean> {
      return useCode(userId, code, { allowRecovery: true, signIn: true });
    },

    /** A signed-in user's check before a change (two factors off, the account deleted): a current TOTP code, or a recovery code (used up). */
    async confirm(userId: string, code: string): Promise<boolean> {
      return useCode(userId, code, { allowRecovery: true, signIn: false });
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
