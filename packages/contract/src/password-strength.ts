/** SPEC.md §5: advisory password strength; never blocks submit. */
export type PasswordStrength =
  | { kind: 'empty' }
  | { kind: 'error'; text: string }
  | { kind: 'Weak' | 'Medium' | 'Strong'; text: 'Weak' | 'Medium' | 'Strong' };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const PASSWORD_TOOLTIP = 'At least 8 characters with one uppercase, one number, one special character';

export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) return { kind: 'empty' };
  if (password.length < PASSWORD_MIN) return { kind: 'error', text: 'Password must have more than 8 characters' };
  if (password.length > PASSWORD_MAX) return { kind: 'error', text: 'Password cannot be longer than 16 characters' };
  const classes = [/[A-Z]/, /[0-9]/, /[!@#$%^&*]/].filter((re) => re.test(password)).length;
  if (classes === 3) return { kind: 'Strong', text: 'Strong' };
  if (classes === 2) return { kind: 'Medium', text: 'Medium' };
  return { kind: 'Weak', text: 'Weak' };
}
