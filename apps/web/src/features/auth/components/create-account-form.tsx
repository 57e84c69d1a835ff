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

function validate({ fullname, username, email, password, confirmPassword }: Fields, avatar: File | null): string | null {
  if (!fullname.trim() || !username.trim() || !email.trim() || !password || !confirmPassword || !avatar) {
    return 'All fields are required, including an avatar image.';
  }
  if (!isImageFile(avatar)) return 'The avatar must be an image file.';
  if (password !== confirmPassword) return 'Passwords do not match';
  return null;
}

function MatchIndicator({ password, confirmPassword }: Pick<Fields, 'password' | 'confirmPassword'>) {
  if (!confirmPassword) return null;
  return password === confirmPassword ? (
    <span className="font-medium text-green-400">✓ Passwords match</span>
  ) : (
    <span className="font-medium text-red-400">✗ Passwords do not match</span>
  );
}

/**
 * Create an account (SPEC §5). A form action reading the form's own fields (typed before the app's
 * code arrived too: React replays the submit); the fields' state only drives the hints, and is
 * each field's default, so the reset React makes after the action leaves them as they were.
 */
export function CreateAccountForm() {
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
    const problem = validate(sent, file);
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
      setError(authErrorText(err));
    }
  }

  if (awaiting)
    return (
      <div role="status" className="flex flex-col gap-3">
        <h2 className="text-2xl font-semibold">Account created</h2>
        <p className="text-muted">
          {awaiting === 'approval'
            ? 'An administrator must approve your account before you can sign in.'
            : 'We mailed you a link: open it to confirm your email address, then sign in.'}
        </p>
      </div>
    );

  return (
    <>
      <form action={createAccount} noValidate className="flex flex-col gap-4" aria-labelledby="create-account-title">
        <h2 id="create-account-title" className="text-2xl font-semibold">
          Create your account
        </h2>
        <TextField
          label="Full name"
          name="fullname"
          autoComplete="name"
          defaultValue={fields.fullname}
          onChange={set('fullname')}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            defaultValue={fields.username}
            onChange={set('username')}
            required
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={fields.email}
            onChange={set('email')}
            required
          />
        </div>
        <PasswordField
          label="Password"
          name="password"
          value={fields.password}
          onChange={(value) => setFields((f) => ({ ...f, password: value }))}
          required
          uncontrolled
        />
        <TextField
          label="Confirm password"
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
          Create Account
        </Button>
        <p className="text-center text-sm text-muted">
          Already have an account?{' '}
          <Link to={carried ? `/?${carried}` : '/'} className="font-medium text-sky-400 hover:underline">
            Sign In
          </Link>
        </p>
      </form>
      {registerMutation.isPending ? <AuthenticatingScreen onTimeout={request.abort} /> : null}
    </>
  );
}
