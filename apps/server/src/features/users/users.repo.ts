import { repository } from '../../db/unit-of-work.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const PUBLIC = ['id', 'username', 'fullname', 'avatar'] as const;
const FOR_LOGIN = [
  ...PUBLIC,
  'password_hash',
  'approval_pending',
  'suspended_reason',
  'must_verify_email',
  'email_verified_at',
] as const;

function userQueries(db: Db) {
  return {
    async insert(row: {
      id: string;
      username: string;
      email: string;
      fullname: string;
      avatar: string;
      passwordHash: string;
      approvalPending: boolean;
      mustVerifyEmail?: boolean;
    }) {
      await db
        .insertInto('users')
        .values({
          id: row.id,
          username: row.username,
          email: row.email,
          fullname: row.fullname,
          avatar: row.avatar,
          password_hash: row.passwordHash,
          approval_pending: row.approvalPending,
          must_verify_email: row.mustVerifyEmail ?? false,
        })
        .execute();
    },
    async existsByUsernameOrEmail(username: string, email: string) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where((eb) =>
          eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]),
        )
        .executeTakeFirst();
      return Boolean(row);
    },
    /** Finds by username or email, case-insensitively. */
    async findForLogin(identifier: string) {
      const lower = identifier.toLowerCase();
      return db
        .selectFrom('users')
        .select(FOR_LOGIN)
        .where((eb) => eb.or([eb(sql`lower(username)`, '=', lower), eb(sql`lower(email)`, '=', lower)]))
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    /** The same row by id: a sign-in proven another way (a passkey). */
    async findForLoginById(id: string) {
      return db.selectFrom('users').select(FOR_LOGIN).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    },
    async findById(id: string) {
      return db
        .selectFrom('users')
        .select([...PUBLIC, 'email', 'created_at', 'password_hash', 'role', 'email_verified_at', 'locale'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    /** Counts shown on a profile; each is an index lookup. */
    async profileCounts(userId: string) {
      const row = await db
        .selectNoFrom((eb) => [
          eb.selectFrom('video_likes').select(eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).as('liked'),
          eb
            .selectFrom('subscriptions')
            .select(eb.fn.countAll<number>().as('n'))
            .where('subscriber_id', '=', userId)
            .as('subscriptions'),
        ])
        .executeTakeFirstOrThrow();
      return { likedVidCount: Number(row.liked), subscriptions: Number(row.subscriptions) };
    },
    async update(id: string, patch: { fullname?: string; avatar?: string; passwordHash?: string; locale?: string }) {
      await db
        .updateTable('users')
        .set({
          ...(patch.fullname !== undefined ? { fullname: patch.fullname } : {}),
          ...(patch.avatar !== undefined ? { avatar: patch.avatar } : {}),
          ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
          ...(patch.locale !== undefined ? { locale: patch.locale } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type UserQueries = ReturnType<typeof userQueries>;

export function createUsersRepo(db: Db) {
  return repository(db, userQueries);
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
