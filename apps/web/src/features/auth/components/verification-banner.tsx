import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { useInstance } from '../api/get-instance';
import { useMe } from '../api/get-me';

/**
 * Above every signed-in page while the instance requires verified addresses and mine is not yet
 * (an account from before the rule, or whose address changed): where to get a link.
 */
export function VerificationBanner() {
  const { t } = useTranslation();
  const me = useMe();
  const instance = useInstance();
  if (instance.data?.emailVerification !== 'required' || me.data?.emailVerified !== false) return null;
  return (
    <div role="status" className="border-b border-amber-500/40 bg-amber-500/10 px-4 py-2 text-center text-sm text-amber-200">
      {t('verifyBanner.text')}{' '}
      <Link to="/account" className="font-medium underline">
        {t('verifyBanner.link')}
      </Link>
    </div>
  );
}
