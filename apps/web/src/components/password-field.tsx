import { PASSWORD_TOOLTIP } from '@streamhub/contract';
import { InfoTooltip } from './ui/info-tooltip';
import { TextField } from './ui/text-field';
import { PasswordStrengthHint } from './password-strength-hint';

type PasswordFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  required?: boolean;
};

/** A new-password input with the advisory strength label and the rules tooltip (SPEC §5). */
export function PasswordField({ label, name, value, onChange, autoComplete = 'new-password', required }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required={required}
      labelAddon={<InfoTooltip text={PASSWORD_TOOLTIP} label="Password rules" />}
      hint={<PasswordStrengthHint password={value} />}
    />
  );
}
