import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AvatarPicker, isImageFile } from '@/components/avatar-picker';
import { PasswordField } from '@/components/password-field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useRegister } from '../api/register';
import { authErrorText, useAbortableRequest } from '../auth-request';
import { useNextPage } from '../next-page';
import { AuthenticatingScreen } from './authenticating-screen';

type Fields = { fullname: string; username: string; email: string; password: string; confirmPassword: string };
const empty: Fields = { fullname: '', username: '', email: '', password: '', confirmPassword: '' };

function validate(
  { fullname, username, email, password, confirmPassword }: Fields,
  avatar: File | null,
  t: TFunction,
): string | null {
  if (!fullname.trim() || !username.trim() || !email.trim() || !password || !confirmPassword || !avatar) {
    return t('signUp.allRequired');
  }
  if (!isImageFile(avatar)) return t('signUp.avatarNotImage');
  if (password !== confirmPassword) return t('signUp.passwordsDiffer');
  return null;
}

function MatchIndicator({ password, confirmPassword }: Pick<Fields, 'password' | 'confirmPassword'>) {
  const { t } = useTranslation();
  if (!confirmPassword) return null;
  return password === confirmPassword ? (
    <span className="font-medium text-green-400">{t('signUp.passwordsMatch')}</span>
  ) : (
    <span className="font-medium text-red-400">{t('signUp.passwordsMismatch')}</span>
  );
}

/**
 * Create an account (SPEC §5). A form action reading the form's own fields (typed before the app's
 * code arrived too: React replays the submit); the fields' state only drives the hints, and is
 * each field's default, so the reset React makes after the action leaves them as they were.
 */
export function CreateAccountForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { next, carried } = useNextPage();
  const registerMutation = useRegister();
  const request = useAbortableRequest();
  const [fields, setFields] = useState<Fields>(empty);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Created without a session: waiting for an admin's approval, or for the mailed link to be opened. */
  const [awaiting, setAwaiting] = useState<'approval' | 'verification' | null>(null);

  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  async function createAccount(form: FormData) {
    const text = (name: keyof Fields) => String(form.get(name) ?? '');
    const sent: Fields = {
      fullname: text('fullname'),
      username: text('username'),
      email: text('email'),
      password: text('password'),
      confirmPassword: text('confirmPassword'),
    };
    setFields(sent);
    // The reset after the action empties the file input: the file chosen stays in state.
    const chosen = form.get('avatar');
    const file = chosen instanceof File && chosen.size > 0 ? chosen : avatar;
    if (file !== avatar) setAvatar(file);
    const problem = validate(sent, file, t);
    setError(problem);
    if (problem || !file) return;
    try {
      const user = await registerMutation.mutateAsync({
        fullname: sent.fullname.trim(),
        username: sent.username.trim(),
        email: sent.email.trim(),
        password: sent.password,
        avatar: file,
        signal: request.start(),
      });
      if (user.approvalPending) setAwaiting('approval');
      else if (user.verificationPending) setAwaiting('verification');
      else await navigate(next, { replace: true });
    } catch (err) {
      setError(authErrorText(err, t));
    }
  }

  if (awaiting)
    return (
      <div role="status" className="flex flex-col gap-3">
        <h2 className="text-2xl font-semibold">{t('signUp.created')}</h2>
        <p className="text-muted">{awaiting === 'approval' ? t('signUp.awaitingApproval') : t('signUp.awaitingVerification')}</p>
      </div>
    );

  return (
    <>
      <form action={createAccount} noValidate className="flex flex-col gap-4" aria-labelledby="create-account-title">
        <h2 id="create-account-title" className="text-2xl font-semibold">
          {t('signUp.title')}
        </h2>
        <TextField
          label={t('signUp.fullname')}
          name="fullname"
          autoComplete="name"
          defaultValue={fields.fullname}
          onChange={set('fullname')}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('signUp.username')}
            name="username"
            autoComplete="username"
            defaultValue={fields.username}
            onChange={set('username')}
            required
          />
          <TextField
            label={t('signUp.email')}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={fields.email}
            onChange={set('email')}
            required
          />
        </div>
        <PasswordField
          label={t('signUp.password')}
          name="password"
          value={fields.password}
          onChange={(value) => setFields((f) => ({ ...f, password: value }))}
          required
          uncontrolled
        />
        <TextField
          label={t('signUp.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          defaultValue={fields.confirmPassword}
          onChange={set('confirmPassword')}
          required
          hint={<MatchIndicator password={fields.password} confirmPassword={fields.confirmPassword} />}
        />
        <AvatarPicker file={avatar} onChange={setAvatar} required generateFrom={() => fields.fullname || fields.username} />
        <FormError message={error} />
        <Button type="submit" className="mt-2 h-11" disabled={registerMutation.isPending}>
          {t('signUp.submit')}
        </Button>
        <p className="text-center text-sm text-muted">
          {t('signUp.haveAccount')}{' '}
          <Link to={carried ? `/?${carried}` : '/'} className="font-medium text-sky-400 hover:underline">
            {t('signUp.signIn')}
          </Link>
        </p>
      </form>
      {registerMutation.isPending ? <AuthenticatingScreen onTimeout={request.abort} /> : null}
    </>
  );
}
