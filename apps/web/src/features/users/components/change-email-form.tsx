import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { useUpdateEmail } from '../api/update-email';

/** Change of e-mail (API.md §19): with my password; the change happens once the new address opens its link. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const update = useUpdateEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) return setError('Both fields are required.');
    setError(null);
    update.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          setSentTo(email.trim());
          setPassword('');
        },
        onError: (err) => setError(errorText(err, 'Please try again.')),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-4">
      <h2 className="text-lg font-semibold">Email address</h2>
      <p className="text-sm text-muted">Now: {currentEmail}</p>
      <TextField
        label="New email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={error} />
      {sentTo ? (
        <p role="status" className="text-sm text-muted">
          Open the link we mailed to {sentTo} to finish the change.
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={update.isPending}>
        Change email
      </Button>
    </form>
  );
}
