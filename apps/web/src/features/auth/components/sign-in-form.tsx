import { useTranslation } from '@/i18n/use-translation';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useLogin, usePasskeyLogin } from '../api/login';
import { authErrorText, useAbortableRequest } from '../auth-request';
import { useNextPage } from '../next-page';
import { AuthenticatingScreen } from './authenticating-screen';

/**
 * Sign in (SPEC §5). A form action reading the form's own fields: a visitor who typed and pressed
 * Sign In before the app's code arrived is signed in once it has, as React replays the submit.
 */
export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const passkeyLogin = usePasskeyLogin();
  const request = useAbortableRequest();
  const { next, carried } = useNextPage();
  // What was sent last: React resets a form after its action, and the fields come back to these.
  const [sent, setSent] = useState({ identifier: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  // After a right password on an account with two factors, the code step (API.md §19).
  const [needsCode, setNeedsCode] = useState(false);

  async function signIn(form: FormData) {
    const identifier = String(form.get('identifier') ?? '');
    const password = String(form.get('password') ?? '');
    setSent({ identifier, password });
    const id = identifier.trim();
    if (!id) return setError(t('signIn.needIdentifier'));
    if (!password) return setError(t('signIn.needPassword'));
    const code = needsCode ? String(form.get('code') ?? '').trim() : '';
    if (needsCode && !code) return setError(t('signIn.needCode'));
    setError(null);
    try {
      const answer = await loginMutation.mutateAsync({
        identifier: id,
        password,
        code: code || undefined,
        signal: request.start(),
      });
      if ('twoFactorRequired' in answer) return setNeedsCode(true);
      await navigate(next, { replace: true });
    } catch (err) {
      setError(authErrorText(err, t));
    }
  }

  function signInWithPasskey() {
    setError(null);
    passkeyLogin.mutate(undefined, {
      onSuccess: () => void navigate(next, { replace: true }),
      // The browser's own dialog, cancelled, is no error to show.
      onError: (err) => {
        if (err instanceof Error && err.name === 'NotAllowedError') return;
        setError(authErrorText(err, t));
      },
    });
  }

  return (
    <>
      <form action={signIn} noValidate className="flex flex-col gap-4" aria-labelledby="sign-in-title">
        <h2 id="sign-in-title" className="text-2xl font-semibold">
          {t('signIn.title')}
        </h2>
        <TextField
          label={t('signIn.identifier')}
          name="identifier"
          autoComplete="username"
          autoFocus
          defaultValue={sent.identifier}
          required
        />
        <TextField
          label={t('signIn.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          defaultValue={sent.password}
          required
        />
        {needsCode ? (
          <TextField label={t('signIn.code')} name="code" autoComplete="one-time-code" inputMode="text" autoFocus required />
        ) : null}
        <Link to="/forgot-password" className="-mt-2 self-end text-sm text-sky-400 hover:underline">
          {t('signIn.forgot')}
        </Link>
        <FormError message={error} />
        <Button type="submit" className="mt-2 h-11" disabled={loginMutation.isPending}>
          {t('signIn.submit')}
        </Button>
        <Button type="button" variant="secondary" onClick={signInWithPasskey} disabled={passkeyLogin.isPending}>
          {t('signIn.passkey')}
        </Button>
        <p className="text-center text-sm text-muted">
          {t('signIn.new')}{' '}
          <Link to={`/?view=register${carried ? `&${carried}` : ''}`} className="font-medium text-sky-400 hover:underline">
            {t('signIn.createFree')}
          </Link>
        </p>
      </form>
      {loginMutation.isPending ? <AuthenticatingScreen onTimeout={request.abort} /> : null}
    </>
  );
}
