import { useTranslation } from '@/i18n/use-translation';
import { formatDate, formatRelativeTime } from '@/lib/formatters';
import { useNow } from '@/lib/use-now';

/** 'Last updated 3 days ago', with the full date on hover and for assistive tech. */
export function LastUpdated({ value, className = '' }: { value: string; className?: string }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <p className={className}>
      {t('playlists.lastUpdated')}{' '}
      <time dateTime={value} title={formatDate(value)}>
        {formatRelativeTime(value, now)}
      </time>
    </p>
  );
}
