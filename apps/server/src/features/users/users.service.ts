import { Id, type CurrentUser, type RegisterFields } from '@streamhub/contract';
import type { Events } from '../../events/events.ts';
import type { Storage } from '../../storage/storage.ts';
import type { SessionsService, Viewer } from '../sessions/sessions.service.ts';
import type { PlaylistsService } from '../playlists/playlists.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import { BadInput, Conflict, Forbidden, NotFound, Unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { mediaKeys } from '../../storage/media-keys.ts';
import { AVATAR_SIZE, normaliseImage } from '../../lib/images.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import type { LoginAttempts } from './login-attempts.ts';
import type { UsersRepo } from './users.repo.ts';

const DUPLICATE = 'User with email or username already exists';

interface Deps {
  repo: UsersRepo;
  sessions: SessionsService;
  storage: Storage;
  subscriptions: Pick<SubscriptionsService, 'isSubscribed'>;
  playlists: Pick<PlaylistsService, 'countByOwner'>;
  /** Failed sign-ins per address and identifier and per address and account, the login's rate limit. */
  loginAttempts: LoginAttempts;
  /** Whether registrations are open, closed or need approval (the instance's settings). */
  settings: Pick<SettingsService, 'registrations' | 'emailVerification'>;
  /** Mails the account's address a verification link (features/account-mail). */
  verification: { send(userId: string): Promise<void>; remind(userId: string): Promise<void> };
  /** A changed name or avatar is announced (`user.changed`): lists and cards name their channel. */
  events: Pick<Events, 'publish'>;
  /** A second factor asked at sign-in once on (API.md §19). */
  twoFactor: Pick<TwoFactorService, 'enabled' | 'verifyLogin'>;
  /** The language of a user who chose none (DEFAULT_LOCALE), told in `locale` (API.md §19, §21). */
  defaultLocale?: string;
}

const REGISTRATIONS_CLOSED = 'Registrations are closed';
export const AWAITING_APPROVAL = 'Account awaiting approval';

export const VERIFY_FIRST = 'Verify your e-mail address first';
/** API.md §19 fields of /me and /current_user; `locale` is the user's chosen language, else the instance's (§21). */
const accountState = (u: { email_verified_at: Date | null; locale: string | null }, defaultLocale = 'en') => ({
  emailVerified: u.email_verified_at !== null,
  locale: u.locale ?? defaultLocale,
});

export function createUsersService(deps: Deps) {
  const { repo, sessions, storage, subscriptions, playlists, loginAttempts, settings, events, verification, twoFactor } = deps;
  const toCurrent = (u: { id: string; username: string; fullname: string; avatar: string }): CurrentUser => ({
    _id: u.id,
    username: u.username,
    fullname: u.fullname,
    avatar: u.avatar,
  });

  /** What others see of a user changes, announced in the same transaction. */
  async function changePublicFace(userId: string, patch: { fullname?: string; avatar?: string; locale?: string }) {
    await repo.transaction(async (tx, trx) => {
      await tx.update(userId, patch);
      await events.publish(trx, 'user.changed', { userId });
    });
  }

  /** The avatar's storage key (a new one per change); responses carry its URL. */
  async function storeAvatar(userId: string, filePath: string): Promise<string> {
    const image = await normaliseImage(filePath, AVATAR_SIZE);
    const key = mediaKeys.avatar(userId);
    await storage.putBuffer(key, image);
    return key;
  }

  /** Whether an account that proved who it is may sign in now (told only to its owner). */
  async function mayEnter(row: NonNullable<Awaited<ReturnType<UsersRepo['findForLoginById']>>>) {
    // Only to the account's own password: an unapproved account's existence is not told to others.
    if (row.approval_pending) throw new Forbidden(AWAITING_APPROVAL);
    // API.md §12: a suspended account is told why (docs/moderation.md), and only with its own password.
    if (row.suspended_reason !== null) throw new Forbidden(`Account suspended: ${row.suspended_reason}`);
    if (row.must_verify_email && !row.email_verified_at && (await settings.emailVerification()) === 'required') {
      await verification.remind(row.id);
      throw new Forbidden(VERIFY_FIRST);
    }
  }

  async function loadOrThrow(userId: string) {
    const user = await repo.findById(userId);
    if (!user) throw new NotFound('User does not exist');
    return user;
  }

  return {
    /**
     * Registrations `closed` → 403 before anything is stored; `approval` → the account is created
     * waiting for an admin, and no session starts (`session` null).
     */
    async register(fields: RegisterFields, avatarPath: string | undefined) {
      const registrations = await settings.registrations();
      if (registrations === 'closed') throw new Forbidden(REGISTRATIONS_CLOSED);
      const approvalPending = registrations === 'approval';
      // API.md §19: with verification required the account signs in once the mailed link is opened.
      const verificationPending = (await settings.emailVerification()) === 'required';
      if (!avatarPath) throw new BadInput('Avatar is required', [{ field: 'avatar', problem: 'is required' }]);
      if (await repo.existsByUsernameOrEmail(fields.username, fields.email)) throw new Conflict(DUPLICATE);
      const id = newId();
      const avatar = await storeAvatar(id, avatarPath);
      try {
        const passwordHash = await hashPassword(fields.password);
        await repo.insert({ id, ...fields, avatar, passwordHash, approvalPending, mustVerifyEmail: verificationPending });
      } catch (err) {
        // Lost a race with the same username or email: the unique index decides, nothing is kept.
        await removeStoredAvatar(avatar);
        if ((err as { code?: string }).code === '23505') throw new Conflict(DUPLICATE);
        throw err;
      }
      const user = toCurrent({ id, ...fields, avatar });
      if (verificationPending) await verification.send(id);
      const session = approvalPending || verificationPending ? null : await sessions.start(id);
      return { user, approvalPending, verificationPending, session };
    },

    /**
     * The client sends one identifier as both username and email (SPEC.md §5); other clients may
     * send only one, or two different ones: the first that names an account wins. `address` is
     * the client's: only failed attempts count against its limit (login-attempts.ts).
     */
    async login(identifiers: (string | undefined)[], password: string, address: string, code?: string) {
      const candidates = [...new Set(identifiers.filter((i): i is string => Boolean(i)))];
      if (candidates.length === 0) throw new BadInput('Username or email is required');
      const attempt = await loginAttempts.begin(address, candidates);
      let row: Awaited<ReturnType<UsersRepo['findForLogin']>>;
      for (const identifier of candidates) {
        row ??= await repo.findForLogin(identifier);
      }
      // The account's own budget too: its username and email are not two (429 when used up).
      if (row) await attempt.account(row.id);
      // Verify against a dummy hash when no account matches, so timing does not reveal accounts.
      const valid = await verifyPassword(row?.password_hash ?? (await dummyHash()), password);
      // API.md §4 wording; both answers take the same time.
      if (!row) throw new NotFound('Incorrect username or email');
      if (!valid) throw new Unauthorized('Password incorrect');
      await mayEnter(row);
      // API.md §19: the right password alone is not a failure, but a wrong code is (it stays counted).
      if (await twoFactor.enabled(row.id)) {
        if (!code) {
          await attempt.succeeded();
          return { twoFactorRequired: true as const };
        }
        if (!(await twoFactor.verifyLogin(row.id, code))) throw new Unauthorized('Invalid two-factor code');
      }
      await attempt.succeeded();
      return { user: toCurrent(row), session: await sessions.start(row.id) };
    },

    /**
     * A sign-in proven without the password (a passkey, API.md §19): the same account checks,
     * no second factor (a passkey is one already), then a session.
     */
    async loginVerified(userId: string) {
      const row = await repo.findForLoginById(userId);
      if (!row) throw new Unauthorized('Passkey not recognised');
      await mayEnter(row);
      return { user: toCurrent(row), session: await sessions.start(row.id) };
    },

    /** The signed-in user with their role (API.md §12), which the web app's menu reads. */
    async me(viewer: Viewer) {
      const user = await loadOrThrow(viewer._id);
      return {
        ...toCurrent(user),
        role: user.role,
        ...accountState(user, deps.defaultLocale),
        twoFactor: await twoFactor.enabled(user.id),
      };
    },

    async ownProfile(viewer: Viewer) {
      const user = await loadOrThrow(viewer._id);
      const [counts, ownPlaylists] = await Promise.all([repo.profileCounts(user.id), playlists.countByOwner(user.id)]);
      return {
        ...toCurrent(user),
        email: user.email,
        twoFactor: await twoFactor.enabled(user.id),
        createdAt: user.created_at.toISOString(),
        playlists: ownPlaylists,
        ...counts,
        ...accountState(user, deps.defaultLocale),
      };
    },

    async channel(channelId: string, viewer: Viewer | null) {
      // Ids are opaque to clients: one that could never exist names no channel either.
      const user = Id.safeParse(channelId).success ? await repo.findById(channelId) : undefined;
      if (!user) throw new NotFound('Channel does not exist');
      const [counts, ownPlaylists] = await Promise.all([repo.profileCounts(user.id), playlists.countByOwner(user.id)]);
      return {
        ...toCurrent(user),
        createdAt: user.created_at.toISOString(),
        isSubscribed: viewer ? await subscriptions.isSubscribed(viewer._id, user.id) : false,
        playlists: ownPlaylists,
        ...counts,
      };
    },

    /** The full name (seen by others: `user.changed`), the language (their mail's, API.md §21), or both. */
    async updateDetails(viewer: Viewer, { fullname, locale }: { fullname?: string; locale?: string }) {
      await loadOrThrow(viewer._id);
      // One write: the name and the language change together or not at all.
      if (fullname !== undefined) await changePublicFace(viewer._id, { fullname, locale });
      else await repo.update(viewer._id, { locale });
      return toCurrent(await loadOrThrow(viewer._id));
    },

    async updateAvatar(viewer: Viewer, avatarPath: string | undefined) {
      if (!avatarPath) throw new BadInput('Avatar is required', [{ field: 'avatar', problem: 'is required' }]);
      const before = await loadOrThrow(viewer._id);
      const avatar = await storeAvatar(viewer._id, avatarPath);
      await changePublicFace(viewer._id, { avatar });
      await removeStoredAvatar(before.avatar);
      return toCurrent(await loadOrThrow(viewer._id));
    },

    /** Changing the password ends every other session of the user. */
    async updatePassword(viewer: Viewer, oldPassword: string, newPassword: string) {
      const user = await loadOrThrow(viewer._id);
      if (!(await verifyPassword(user.password_hash, oldPassword))) throw new Forbidden('Old password incorrect');
      await repo.update(viewer._id, { passwordHash: await hashPassword(newPassword) });
      await sessions.endOthers(viewer._id, viewer.sessionId);
    },
  };

  async function removeStoredAvatar(key: string) {
    await storage.delete(key).catch(() => {});
  }
}
export type UsersService = ReturnType<typeof createUsersService>;
