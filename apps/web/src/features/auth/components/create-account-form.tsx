import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AvatarPicker, isImageFile } from '@/components/avatar-picker';
import { PasswordField } from '@/components/password-field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useRegister } from '../api/register';
import { authErrorText, useAbortableRequest } from '../auth-request';
import { AuthenticatingScreen } from './authenticating-screen';

type Fields = { fullname: string; username: string; email: string; password: string; confirmPassword: string };
const empty: Fields = { fullname: '', username: '', email: '', password: '', confirmPassword: '' };

function MatchIndicator({ password, confirmPassword }: Pick<Fields, 'password' | 'confirmPassword'>) {
  if (!confirmPassword) return null;
  return password === confirmPassword ? (
    <span className="font-medium text-green-400">✓ Passwords match</span>
  ) : (
    <span className="font-medium text-red-400">✗ Passwords do not match</span>
  );
}

export function CreateAccountForm() {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const request = useAbortableRequest();
  const [fields, setFields] = useState<Fields>(empty);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Created without a session: waiting for an admin's approval, or for the mailed link to be opened. */
  const [awaiting, setAwaiting] = useState<'approval' | 'verification' | null>(null);

  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  function validate(): string | null {
    const { fullname, username, email, password, confirmPassword } = fields;
    if (!fullname.trim() || !username.trim() || !email.trim() || !password || !confirmPassword || !avatar) {
      return 'All fields are required, including an avatar image.';
    }
    if (!isImageFile(avatar)) return 'The avatar must be an image file.';
    if (password !== confirmPassword) return 'Passwords do not match';
    return null;
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validate();
    setError(problem);
    if (problem || !avatar) return;
    registerMutation.mutate(
      {
        fullname: fields.fullname.trim(),
        username: fields.username.trim(),
        email: fields.email.trim(),
        password: fields.password,
        avatar,
        signal: request.start(),
      },
      {
        onSuccess: (user) =>
          user.approvalPending
            ? setAwaiting('approval')
            : user.verificationPending
              ? setAwaiting('verification')
              : navigate('/home', { replace: true }),
        onError: (err) => setError(authErrorText(err)),
      },
    );
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
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="create-account-title">
        <h2 id="create-account-title" className="text-2xl font-semibold">
          Create your account
        </h2>
        <TextField
          label="Full name"
          name="fullname"
          autoComplete="name"
          value={fields.fullname}
          onChange={set('fullname')}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            value={fields.username}
            onChange={set('username')}
            required
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={fields.email}
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
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={set('confirmPassword')}
          required
          hint={<MatchIndicator password={fields.password} confirmPassword={fields.confirmPassword} />}
        />
        <AvatarPicker file={avatar} onChange={setAvatar} required />
        <FormError message={error} />
        <Button type="submit" className="mt-2 h-11" disabled={registerMutation.isPending}>
          Create Account
        </Button>
        <p className="text-center text-sm text-muted">
          Already have an account?{' '}
          <Link to="/" className="font-medium text-sky-400 hover:underline">
            Sign In
          </Link>
        </p>
      </form>
      {registerMutation.isPending ? <AuthenticatingScreen onTimeout={request.abort} /> : null}
    </>
  );
}
