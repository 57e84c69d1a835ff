import { z } from 'zod';
import { newPassword } from './users.ts';
import { secretText, singleLineText } from './text.ts';

/** A link's token, as the mailed link carries it. */
const Token = singleLineText().trim().min(1, 'Token is required').max(200);
const Email = singleLineText().trim().max(254).email('Email is invalid');

/** POST /api/users/verify-email and POST /api/users/update_email/confirm (API.md §19). */
export const TokenBody = z.object({ token: Token });
export type TokenBody = z.infer<typeof TokenBody>;

/** POST /api/users/password/forgot: always 200 `{}`, whether or not the address names an account. */
export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** POST /api/users/password/reset: the mailed link's token and the new password; every session ends. */
export const ResetPasswordBody = z.object({ token: Token, newPassword: newPassword('New password') });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** PATCH /api/users/update_email: the new address and the account's password. */
export const UpdateEmailBody = z.object({
  email: Email,
  password: secretText().min(1, 'Password is required').max(128),
});
export type UpdateEmailBody = z.infer<typeof UpdateEmailBody>;

/** Whether new accounts must prove their address before signing in (admin settings, API.md §12 and §19). */
export const EmailVerification = z.enum(['off', 'required']);
export type EmailVerification = z.infer<typeof EmailVerification>;
