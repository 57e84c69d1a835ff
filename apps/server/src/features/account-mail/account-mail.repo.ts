import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TokenPurpose } from './account-tokens.ts';

/**
 * The queries of account mail: its tokens, and the columns of `users` that mail proves or
 * changes (address, its verification, password). Reads and writes of the rest of a user stay in
 * the users feature.
 */
export function createAccountMailRepo(db: Db) {
  return {
    /**
     * Stores a token's hash; a job run again for the same token only moves its expiry (never
     * revives a used one). The account's expired tokens go meanwhile, so the table stays small.
     */
    async saveToken(row: { tokenHash: string; userId: string; purpose: TokenPurpose; email: string; expiresAt: Date }) {
      await db.deleteFrom('account_tokens').where('user_id', '=', row.userId).where('expires_at', '<', new Date()).execute();
      await db
        .insertInto('account_tokens')
        .values({
          token_hash: row.tokenHash,
          user_id: row.userId,
          purpose: row.purpose,
          email: row.email,
          expires_at: row.expiresAt,
        })
        .onConflict((oc) =>
          oc.column('token_hash').doUpdateSet({ expires_at: row.expiresAt }).where('account_tokens.used_at', 'is', null),
        )
        .execute();
    },
    /** Uses a token up, once: of two clicks at once one gets the row, the other nothing. */
    async consumeToken(tokenHash: string, purpose: TokenPurpose) {
      return db
        .updateTable('account_tokens')
        .set({ used_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning(['user_id', 'email'])
        .executeTakeFirst();
    },
    /** Every unused link of these purposes stops working (the password or the address changed). */
    async revokeTokens(userId: string, purposes: TokenPurpose[]) {
      await db
        .updateTable('account_tokens')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .execute();
    },
    async findUser(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'fullname', 'password_hash', 'email_verified_at', 'locale'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
    async findUserByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'fullname', 'locale'])
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },
    async emailTaken(email: string, exceptUserId: string) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('id', '<>', exceptUserId)
        .executeTakeFirst();
      return Boolean(row);
    },
    /** The address was proven by a link sent to it. */
    async markVerified(userId: string) {
      await db
        .updateTable('users')
        .set({ email_verified_at: new Date(), must_verify_email: false, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },
    async setPassword(userId: string, passwordHash: string) {
      // The reset link went to the address: it is proven too.
      await db
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          email_verified_at: sql`coalesce(email_verified_at, now())`,
          must_verify_email: false,
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .execute();
    },
    async setEmail(userId: string, email: string) {
      await db
        .updateTable('users')
        .set({ email, email_verified_at: new Date(), must_verify_email: false, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type AccountMailRepo = ReturnType<typeof createAccountMailRepo>;
