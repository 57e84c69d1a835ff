import { useTranslation } from '@/i18n/use-translation';

/** SPEC §1: exclusive playlists carry a marker. */
export function ExclusiveMarker({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`rounded bg-amber-500 px-2 py-0.5 text-xs font-semibold text-black ${className}`}>
      {t('playlists.exclusiveMarker')}
    </span>
  );
}
