import { useTranslation } from '@/i18n/use-translation';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN, passwordStrength } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { AuthCard } from '@/features/auth/components/auth-card';
import { errorText } from '@/lib/api-client';

/** `/reset-password?token=`: the mailed link; a new password ends every session of the account. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The strength hint's own words (SPEC §5), as the server answers them.
    const strength = passwordStrength(password);
    if (password.length < PASSWORD_MIN || strength.kind === 'error') {
      return setError(strength.kind === 'error' ? strength.text : t('resetPassword.passwordRequired'));
    }
    if (password !== confirm) return setError(t('resetPassword.passwordsDiffer'));
    setError(null);
    reset.mutate({ token, newPassword: password }, { onError: (err) => setError(errorText(err, t('resetPassword.tryAgain'))) });
  }

  if (!token) {
    return (
      <AuthCard title={t('resetPassword.title')}>
        <p className="text-muted">{t('resetPassword.incomplete')}</p>
        <Link to="/forgot-password" className="text-sky-400 hover:underline">
          {t('resetPassword.forgot')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('resetPassword.title')}>
      {reset.isSuccess ? (
        <p role="status" className="text-muted">
          {t('resetPassword.done')}
        </p>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <TextField
            label={t('resetPassword.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          <TextField
            label={t('resetPassword.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            required
          />
          <FormError message={error} />
          <Button type="submit" className="h-11" disabled={reset.isPending}>
            {t('resetPassword.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
