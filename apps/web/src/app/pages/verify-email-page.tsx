import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useConfirmMailedLink } from '@/features/auth/api/verify-email';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useTranslation } from '@/i18n/use-translation';
import { errorText } from '@/lib/api-client';

/** Catalogue keys of each kind of mailed link's texts. */
const TEXTS = {
  verify: { title: 'mailedLink.verifyTitle', button: 'mailedLink.verifyButton', done: 'mailedLink.verifyDone' },
  change: { title: 'mailedLink.changeTitle', button: 'mailedLink.changeButton', done: 'mailedLink.changeDone' },
};

/**
 * The mailed link's page: opening it changes nothing (a mail scanner that follows links uses up no
 * link); the button sends the token.
 */
function ConfirmLink({ kind }: { kind: 'verify' | 'change' }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmMailedLink();
  const { t: translate } = useTranslation();
  const keys = TEXTS[kind];
  const t = { title: translate(keys.title), button: translate(keys.button), done: translate(keys.done) };
  return (
    <AuthCard title={t.title}>
      {confirm.isSuccess ? (
        <p role="status" className="text-muted">
          {t.done}
        </p>
      ) : (
        <>
          <FormError
            message={
              confirm.isError
                ? errorText(confirm.error, translate('mailedLink.tryAgain'))
                : !token
                  ? translate('mailedLink.incomplete')
                  : null
            }
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
