import { z } from 'zod';
import { LOCALES } from './locale.ts';
import { PASSWORD_MIN } from './password-strength.ts';
import { secretText, singleLineText } from './text.ts';

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.-]+$/;
export const USERNAME_MAX_LENGTH = 100;

/**
 * A password being chosen (register, change, reset): at least PASSWORD_MIN characters, refused with
 * a 400 naming the field in the words of the strength hint (SPEC §5), so the form and the server say
 * the same thing about the one rule they share. The hint's upper bound (16) and its Weak/Medium/
 * Strong stay advice, as the spec says ("never blocks submit"): the server takes up to 128, so a
 * passphrase is never refused. Signing in takes any non-empty password, so accounts from before the
 * rule still sign in.
 */
export const newPassword = (label: string) =>
  secretText()
    .min(1, `${label} is required`)
    .min(PASSWORD_MIN, `${label} must have more than ${PASSWORD_MIN} characters`)
    .max(128, `${label} cannot be longer than 128 characters`);

export const RegisterFields = z.object({
  fullname: singleLineText().trim().min(1, 'Full name is required').max(100),
  username: singleLineText()
    .trim()
    .min(3, 'Username must have at least 3 characters')
    // Room for generated names (`user_${Date.now()}_${random}`); the column is text.
    .max(USERNAME_MAX_LENGTH, `Username cannot be longer than ${USERNAME_MAX_LENGTH} characters`)
    .regex(USERNAME_PATTERN, 'Username may contain letters, digits, dot, dash and underscore only'),
  email: singleLineText().trim().max(254).email('Email is invalid'),
  password: newPassword('Password'),
});
export type RegisterFields = z.infer<typeof RegisterFields>;

export const LoginBody = z.object({
  username: singleLineText().trim().max(254).optional(),
  email: singleLineText().trim().max(254).optional(),
  password: secretText().min(1, 'Password is required').max(128),
  /** With two factors on (API.md §19): a TOTP code or a recovery code. */
  code: singleLineText().trim().max(64).optional(),
});

/** API.md §4, §21: the full name, the language (`locale`, one shipped: their mail's), or both. */
export const UpdateDetailsBody = z
  .object({
    fullname: singleLineText().trim().min(1, 'Full name is required').max(100).optional(),
    locale: z.enum(LOCALES).optional(),
  })
  .refine((body) => body.fullname !== undefined || body.locale !== undefined, 'Full name is required');

export const UpdatePasswordBody = z.object({
  oldPassword: secretText().min(1, 'Old password is required').max(128),
  newPassword: newPassword('New password'),
});

/** DELETE /api/users/me (API.md §19): the password, and a code when two factors are on. */
export const DeleteAccountBody = z.object({
  password: secretText().min(1, 'Password is required').max(128),
  code: singleLineText().trim().max(64).optional(),
});

export const CurrentUser = z.object({
  _id: z.string(),
  username: z.string(),
  fullname: z.string(),
  avatar: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/**
 * POST /api/users/register: the new account. `approvalPending` (registrations in `approval`
 * mode): no session was started; it can sign in once an admin approves it. `verificationPending`
 * (e-mail verification `required`, API.md §19): no session either; it can sign in once the link
 * mailed to its address is opened.
 */
export const RegisteredUser = CurrentUser.extend({ approvalPending: z.boolean(), verificationPending: z.boolean().optional() });
export type RegisteredUser = z.infer<typeof RegisteredUser>;

export const Uploads = z.object({ uploaded: z.number(), uploadLimit: z.number() });
export type Uploads = z.infer<typeof Uploads>;

/** API.md §12: `user` (default), `moderator`, `admin`. */
export const Role = z.enum(['user', 'moderator', 'admin']);
export type Role = z.infer<typeof Role>;

/** API.md §19: whether the address is proven, and the language of the user's mail ('en' until languages come). */
const AccountState = { emailVerified: z.boolean(), locale: z.string() };

export const Me = CurrentUser.extend({ uploads: Uploads, role: Role, twoFactor: z.boolean(), ...AccountState });
export type Me = z.infer<typeof Me>;

const ProfileCounts = {
  createdAt: z.string(),
  likedVidCount: z.number(),
  playlists: z.number(),
  subscriptions: z.number(),
};

export const OwnProfile = CurrentUser.extend({ email: z.string(), twoFactor: z.boolean(), ...ProfileCounts, ...AccountState });
export type OwnProfile = z.infer<typeof OwnProfile>;
export const ChannelProfile = CurrentUser.extend({ isSubscribed: z.boolean(), ...ProfileCounts });
export type ChannelProfile = z.infer<typeof ChannelProfile>;

export const ChannelStats = z.object({
  totalVideos: z.number(),
  totalPosts: z.number(),
  totalSubscribers: z.number(),
  totalPlaylists: z.number(),
  totalLikes: z.number(),
  totalViews: z.number(),
});
export type ChannelStats = z.infer<typeof ChannelStats>;

/** API.md §19: two factors. */
export const TwoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;
export const TwoFactorCodeBody = z.object({ code: singleLineText().trim().min(1, 'Code is required').max(64) });
export const TwoFactorEnabled = z.object({ recoveryCodes: z.array(z.string()) });
export const TwoFactorDisableBody = z.object({
  password: secretText().min(1, 'Password is required').max(128),
  code: singleLineText().trim().min(1, 'Code is required').max(64),
});
export const TwoFactorRequired = z.object({ twoFactorRequired: z.literal(true) });

/**
 * API.md §19 passkeys (WebAuthn). The options are the browser's `PublicKeyCredential*Options` in
 * their JSON form; the credential is what `navigator.credentials.create()/get()` answered, as JSON
 * (the web app uses @simplewebauthn/browser for both). Their inner shape is checked by the server's
 * WebAuthn verification, not here.
 */
export const PasskeyOptions = z.looseObject({ challenge: z.string() });
const WebAuthnCredentialJson = z.looseObject({
  id: singleLineText().min(1).max(1024),
  rawId: singleLineText().min(1).max(1024),
  type: singleLineText().pipe(z.literal('public-key')),
  response: z.looseObject({ clientDataJSON: singleLineText().min(1).max(8192) }),
});
export const PasskeyRegisterBody = z.object({
  credential: WebAuthnCredentialJson,
  name: singleLineText().trim().min(1).max(64).optional(),
});
export const PasskeyLoginBody = z.object({ credential: WebAuthnCredentialJson });
export const Passkey = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

/** An export of my data (API.md §19): POST /api/users/me/export answers it pending; the zip is GET …/export/:id once ready. */
export const AccountExport = z.object({
  _id: z.string(),
  state: z.enum(['pending', 'ready', 'failed']),
  createdAt: z.string(),
  /** Set once ready: until when the zip can be downloaded (7 days). */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
});
export type AccountExport = z.infer<typeof AccountExport>;
