import { passwordStrength } from '@streamhub/contract';

const tone = {
  error: 'text-red-400',
  Weak: 'text-red-400',
  Medium: 'text-amber-400',
  Strong: 'text-green-400',
} as const;

/** SPEC §5 password strength label; advisory only, it never blocks submitting. */
export function PasswordStrengthHint({ password }: { password: string }) {
  const strength = passwordStrength(password);
  if (strength.kind === 'empty') return null;
  return <span className={`font-medium ${tone[strength.kind]}`}>{strength.text}</span>;
}
