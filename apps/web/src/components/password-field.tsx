import { useTranslation } from '@/i18n/use-translation';
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
  /**
   * The input keeps what is typed itself (`value` is its default, kept in step for a form reset):
   * for a form action, which reads the form's fields, including what was typed before hydration.
   */
  uncontrolled?: boolean;
};

/** A new-password input with the advisory strength label and the rules tooltip (SPEC §5). */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete = 'new-password',
  required,
  uncontrolled = false,
}: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      {...(uncontrolled ? { defaultValue: value } : { value })}
      onChange={(e) => onChange(e.target.value)}
      required={required}
      labelAddon={<InfoTooltip text={t('passwordField.rules')} label={t('passwordField.rulesLabel')} />}
      hint={<PasswordStrengthHint password={value} />}
    />
  );
}
