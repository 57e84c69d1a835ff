import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useLogin } from '../api/login';
import { authErrorText, useAbortableRequest } from '../auth-request';
import { AuthenticatingScreen } from './authenticating-screen';

export function SignInForm() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const request = useAbortableRequest();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = identifier.trim();
    if (!id) return setError('Please enter your username or email.');
    if (!password) return setError('Please enter your password.');
    setError(null);
    loginMutation.mutate(
      { identifier: id, password, signal: request.start() },
      {
        onSuccess: () => navigate('/home', { replace: true }),
        onError: (err) => setError(authErrorText(err)),
      },
    );
  }

  return (
    <>
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="sign-in-title">
        <h2 id="sign-in-title" className="text-2xl font-semibold">
          Sign In
        </h2>
        <TextField
          label="Username or email"
          name="identifier"
          autoComplete="username"
          autoFocus
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <Link to="/forgot-password" className="-mt-2 self-end text-sm text-sky-400 hover:underline">
          Forgot password?
        </Link>
        <FormError message={error} />
        <Button type="submit" className="mt-2 h-11" disabled={loginMutation.isPending}>
          Sign In
        </Button>
        <p className="text-center text-sm text-muted">
          New to StreamHub?{' '}
          <Link to="/?view=register" className="font-medium text-sky-400 hover:underline">
            Create a free account
          </Link>
        </p>
      </form>
      {loginMutation.isPending ? <AuthenticatingScreen onTimeout={request.abort} /> : null}
    </>
  );
}
