import { useTranslation } from '@/i18n/use-translation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { AuthCard } from '@/features/auth/components/auth-card';
import { errorText } from '@/lib/api-client';

/** `/forgot-password`: asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return setError(t('forgotPassword.needEmail'));
    setError(null);
    forgot.mutate({ email: email.trim() }, { onError: (err) => setError(errorText(err, t('forgotPassword.tryAgain'))) });
  }

  return (
    <AuthCard title={t('forgotPassword.title')}>
      {forgot.isSuccess ? (
        <p role="status" className="text-muted">
          {t('forgotPassword.sent', { email: email.trim() })}
        </p>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t('forgotPassword.intro')}</p>
          <TextField
            label={t('forgotPassword.email')}
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          <FormError message={error} />
          <Button type="submit" className="h-11" disabled={forgot.isPending}>
            {t('forgotPassword.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
