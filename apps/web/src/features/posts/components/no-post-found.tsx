import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { buttonClasses } from '@/components/ui/button';

/** SPEC §2: what the post screens show when the post does not load. */
export function NoPostFound() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-center">
      <title>{t('noPostFound.documentTitle')}</title>
      <h1 className="text-xl font-semibold">{t('noPostFound.title')}</h1>
      <Link to="/post" className={buttonClasses('secondary')}>
        {t('noPostFound.yourPosts')}
      </Link>
    </div>
  );
}
