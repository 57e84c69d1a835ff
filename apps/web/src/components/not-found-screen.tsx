import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { useGoBack } from '@/lib/go-back';
import { Button, buttonClasses } from './ui/button';
import { WifiOffIcon } from './ui/icons';

/** SPEC §2: the 404 page, which doubles as the offline screen. */
export function NotFoundScreen({ offline = false }: { offline?: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack('/home');
  return (
    // A div, not <main>: every layout around this screen already provides the main landmark.
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      {offline ? (
        <>
          <title>{t('notFound.offlineDocumentTitle')}</title>
          <WifiOffIcon className="text-6xl text-muted" />
          <h1 className="text-2xl font-semibold">{t('notFound.offlineTitle')}</h1>
          <p className="max-w-sm text-muted">{t('notFound.offlineHint')}</p>
          <Link to="/home" className={buttonClasses('primary')}>
            {t('notFound.retry')}
          </Link>
        </>
      ) : (
        <>
          <title>{t('notFound.documentTitle')}</title>
          <p className="text-7xl font-bold text-muted" aria-hidden="true">
            404
          </p>
          <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
          <p className="max-w-sm text-muted">{t('notFound.hint')}</p>
          <div className="flex gap-3">
            <Button variant="secondary" onClick={goBack}>
              {t('notFound.goBack')}
            </Button>
            <Link to="/home" className={buttonClasses('primary')}>
              {t('notFound.goHome')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
