import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/list-states';
import { useOwnChannel } from '@/features/channels/api/get-own-channel';
import { useResendVerification } from '@/features/users/api/resend-verification';
import { ChangeEmailForm } from '@/features/users/components/change-email-form';
import { DeleteAccount, DownloadMyData } from '@/features/users/components/account-data';
import { errorText } from '@/lib/api-client';

/** `/account`: my email address, whether it is confirmed, and its change; my data's export; deleting the account (API.md §19). */
export function AccountPage() {
  const { t } = useTranslation();
  const profile = useOwnChannel();
  const resend = useResendVerification();

  if (profile.isPending) return <p className="text-sm text-muted">{t('accountPage.loading')}</p>;
  if (profile.isError) return <LoadError message={t('accountPage.loadFailed')} onRetry={() => void profile.refetch()} />;

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <title>{t('accountPage.documentTitle')}</title>
      <h1 className="text-2xl font-semibold">{t('accountPage.title')}</h1>
      <Link to="/account/security" className={buttonClasses('secondary', 'md', 'self-start')}>
        {t('accountPage.securityLink')}
      </Link>
      {profile.data.emailVerified ? (
        <p className="text-sm text-muted">{t('accountPage.confirmed')}</p>
      ) : (
        <div className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-4">
          <p className="text-sm">{t('accountPage.notConfirmed')}</p>
          {resend.isSuccess ? (
            <p role="status" className="text-sm text-muted">
              {t('accountPage.linkSent', { email: profile.data.email })}
            </p>
          ) : (
            <Button className="self-start" disabled={resend.isPending} onClick={() => resend.mutate()}>
              {t('accountPage.sendLink')}
            </Button>
          )}
          {resend.isError ? <p className="text-sm text-red-400">{errorText(resend.error, t('accountPage.tryAgain'))}</p> : null}
        </div>
      )}
      <ChangeEmailForm currentEmail={profile.data.email} />
      <DownloadMyData />
      <DeleteAccount twoFactor={profile.data.twoFactor} />
    </div>
  );
}
