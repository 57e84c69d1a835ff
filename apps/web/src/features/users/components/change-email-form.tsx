import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { useUpdateEmail } from '../api/update-email';

/** Change of e-mail (API.md §19): with my password; the change happens once the new address opens its link. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation();
  const update = useUpdateEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) return setError(t('changeEmail.bothRequired'));
    setError(null);
    update.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          setSentTo(email.trim());
          setPassword('');
        },
        onError: (err) => setError(errorText(err, t('accountData.tryAgain'))),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-4">
      <h2 className="text-lg font-semibold">{t('changeEmail.title')}</h2>
      <p className="text-sm text-muted">{t('changeEmail.now', { email: currentEmail })}</p>
      <TextField
        label={t('changeEmail.newEmail')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label={t('deleteAccount.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={error} />
      {sentTo ? (
        <p role="status" className="text-sm text-muted">
          {t('changeEmail.sent', { email: sentTo })}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={update.isPending}>
        {t('changeEmail.submit')}
      </Button>
    </form>
  );
}
