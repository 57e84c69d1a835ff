import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { AuthCard } from '@/features/auth/components/auth-card';
import { errorText } from '@/lib/api-client';

/** `/forgot-password`: asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return setError('Please enter your email.');
    setError(null);
    forgot.mutate({ email: email.trim() }, { onError: (err) => setError(errorText(err, 'Please try again.')) });
  }

  return (
    <AuthCard title="Forgot password?">
      {forgot.isSuccess ? (
        <p role="status" className="text-muted">
          If an account uses {email.trim()}, a link to choose a new password is on its way. It works for one hour.
        </p>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-muted">
            Enter the email of your account and we will mail you a link to choose a new password.
          </p>
          <TextField
            label="Email"
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
            Send me a link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
