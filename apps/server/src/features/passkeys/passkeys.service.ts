import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Passkey } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { BadInput, Conflict, NotFound, Unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

/** Where the browser runs the ceremony: the site's origin, and its host name as the relying party's id. */
export interface RelyingParty {
  origin: string;
  name: string;
}

const CHALLENGE_MINUTES = 5;
const MAX_PASSKEYS = 20;
const NOT_VERIFIED = 'Passkey could not be verified';

/** The challenge a credential answers, read from its client data (null when unreadable). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    return decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
}

/**
 * Passkeys (WebAuthn, API.md §19, docs/accounts.md), on @simplewebauthn/server. Each options call
 * stores its challenge (5 minutes); the answering credential names it in its client data, and
 * the challenge is taken (deleted) in the same statement that finds it, so it serves once, on any
 * process. Sign-in uses discoverable credentials: no username is asked, the passkey names its
 * user. The signature counter is kept and must grow when the authenticator keeps one.
 */
export function createPasskeysService({ db }: { db: Db }) {
  async function storeChallenge(challenge: string, purpose: 'register' | 'login', userId: string | null) {
    // Expired challenges go with each new one: the table stays the size of five minutes' ceremonies.
    await db.deleteFrom('webauthn_challenges').where('expires_at', '<', new Date()).execute();
    await db
      .insertInto('webauthn_challenges')
      .values({ challenge, purpose, user_id: userId, expires_at: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) })
      .execute();
  }

  /** Takes the credential's challenge if this caller was given it and it is still fresh. */
  async function takeChallenge(clientDataJSON: string, purpose: 'register' | 'login', userId: string | null) {
    const challenge = challengeOf(clientDataJSON);
    if (!challenge) throw new BadInput(NOT_VERIFIED);
    let query = db
      .deleteFrom('webauthn_challenges')
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', new Date());
    query = userId ? query.where('user_id', '=', userId) : query.where('user_id', 'is', null);
    const taken = await query.returning('challenge').executeTakeFirst();
    if (!taken) throw new BadInput('This passkey request expired: try again');
    return taken.challenge;
  }

  const rpIdOf = (rp: RelyingParty) => new URL(rp.origin).hostname;

  const toPasskey = (row: { id: string; name: string; created_at: Date; last_used_at: Date | null }): Passkey => ({
    _id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  });

  return {
    async list(userId: string): Promise<Passkey[]> {
      const rows = await db
        .selectFrom('passkeys')
        .select(['id', 'name', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return rows.map(toPasskey);
    },

    /** Options for `navigator.credentials.create()`: this user's passkeys are excluded (one per authenticator). */
    async registrationOptions(user: { _id: string; username: string; fullname: string }, rp: RelyingParty) {
      const existing = await db
        .selectFrom('passkeys')
        .select(['credential_id', 'transports'])
        .where('user_id', '=', user._id)
        .execute();
      if (existing.length >= MAX_PASSKEYS) throw new Conflict(`At most ${MAX_PASSKEYS} passkeys per account`);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rpIdOf(rp),
        userName: user.username,
        userDisplayName: user.fullname,
        userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user._id)),
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({
          id: c.credential_id,
          transports: c.transports as AuthenticatorTransportFuture[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await storeChallenge(options.challenge, 'register', user._id);
      return options;
    },

    async register(userId: string, credential: RegistrationResponseJSON, name: string | undefined, rp: RelyingParty) {
      const expectedChallenge = await takeChallenge(credential.response.clientDataJSON, 'register', userId);
      const verification = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rpIdOf(rp),
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified || !verification.registrationInfo) throw new BadInput(NOT_VERIFIED);
      const { credential: made } = verification.registrationInfo;
      const row = await db
        .insertInto('passkeys')
        .values({
          id: newId(),
          user_id: userId,
          credential_id: made.id,
          public_key: Buffer.from(made.publicKey),
          counter: String(made.counter),
          transports: made.transports ?? [],
          name: name ?? 'Passkey',
        })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .returning(['id', 'name', 'created_at', 'last_used_at'])
        .executeTakeFirst();
      if (!row) throw new Conflict('This passkey is already registered');
      return toPasskey(row);
    },

    async remove(userId: string, passkeyId: string) {
      const gone = await db
        .deleteFrom('passkeys')
        .where('id', '=', passkeyId)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      if (!gone) throw new NotFound('Passkey not found');
    },

    /** Options for `navigator.credentials.get()`: any of this site's discoverable passkeys may answer. */
    async loginOptions(rp: RelyingParty) {
      const options = await generateAuthenticationOptions({ rpID: rpIdOf(rp), userVerification: 'preferred' });
      await storeChallenge(options.challenge, 'login', null);
      return options;
    },

    /** The user a sign-in credential proves, its counter moved on; 401 for an unknown or failing one. */
    async login(credential: AuthenticationResponseJSON, rp: RelyingParty): Promise<string> {
      const expectedChallenge = await takeChallenge(credential.response.clientDataJSON, 'login', null);
      const stored = await db.selectFrom('passkeys').selectAll().where('credential_id', '=', credential.id).executeTakeFirst();
      if (!stored) throw new Unauthorized('Passkey not recognised');
      const verification = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rpIdOf(rp),
        credential: {
          id: stored.credential_id,
          publicKey: new Uint8Array(stored.public_key),
          counter: Number(stored.counter),
          transports: stored.transports as AuthenticatorTransportFuture[],
        },
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified) throw new Unauthorized(NOT_VERIFIED);
      // A cloned authenticator replays an old counter: only a later one (or a counter-less 0) moves on.
      const { newCounter } = verification.authenticationInfo;
      const moved = await db
        .updateTable('passkeys')
        .set({ counter: String(newCounter), last_used_at: new Date() })
        .where('id', '=', stored.id)
        .where((eb) => (newCounter === 0 ? eb('counter', '=', '0') : eb('counter', '<', String(newCounter))))
        .returning('user_id')
        .executeTakeFirst();
      if (!moved) throw new Unauthorized(NOT_VERIFIED);
      return moved.user_id;
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;
