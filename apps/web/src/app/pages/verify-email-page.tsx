import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useConfirmMailedLink } from '@/features/auth/api/verify-email';
import { AuthCard } from '@/features/auth/components/auth-card';
import { errorText } from '@/lib/api-client';

const TEXTS = {
  verify: {
    title: 'Confirm your email',
    button: 'Confirm my address',
    done: 'Your email address is confirmed. You can sign in.',
  },
  change: {
    title: 'Confirm your new email',
    button: 'Confirm my new address',
    done: 'Your account now uses this email address.',
  },
};

/**
 * The mailed link's page: opening it changes nothing (a mail scanner that follows links uses up no
 * link); the button sends the token.
 */
function ConfirmLink({ kind }: { kind: 'verify' | 'change' }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmMailedLink();
  const t = TEXTS[kind];
  return (
    <AuthCard title={t.title}>
      {confirm.isSuccess ? (
        <p role="status" className="text-muted">
          {t.done}
        </p>
      ) : (
        <>
          <FormError
            message={confirm.isError ? errorText(confirm.error, 'Please try again.') : !token ? 'This link is incomplete.' : null}
          />
          <Button className="h-11" disabled={!token || confirm.isPending} onClick={() => confirm.mutate({ token, kind })}>
            {t.button}
          </Button>
        </>
      )}
    </AuthCard>
  );
}

/** `/verify-email?token=`: the link mailed at registration or on request. */
export function VerifyEmailPage() {
  return <ConfirmLink kind="verify" />;
}

/** `/confirm-email?token=`: the link mailed to a new address. */
export function ConfirmEmailPage() {
  return <ConfirmLink kind="change" />;
}
