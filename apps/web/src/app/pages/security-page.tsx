import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/list-states';
import { useOwnChannel } from '@/features/channels/api/get-own-channel';
import {
  PasskeysSection,
  PasswordSection,
  SessionsSection,
  TwoFactorSection,
} from '@/features/users/components/security-sections';

/** `/account/security`: password, two factors, passkeys and sessions (API.md §19, docs/accounts.md). */
export function SecurityPage() {
  const { t } = useTranslation();
  const profile = useOwnChannel();

  if (profile.isPending) return <p className="text-sm text-muted">{t('accountPage.loading')}</p>;
  if (profile.isError) return <LoadError message={t('accountPage.loadFailed')} onRetry={() => void profile.refetch()} />;

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <title>{t('securityPage.documentTitle')}</title>
      <div className="flex flex-col gap-1">
        <Link to="/account" className="text-sm text-muted hover:text-fg">
          {t('securityPage.backToAccount')}
        </Link>
        <h1 className="text-2xl font-semibold">{t('securityPage.title')}</h1>
      </div>
      <PasswordSection />
      <TwoFactorSection enabled={profile.data.twoFactor} />
      <PasskeysSection />
      <SessionsSection />
    </div>
  );
}
