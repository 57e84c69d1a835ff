import { useTranslation } from '@/i18n/use-translation';

/** A post taken down, or hidden while its author is suspended: only its author sees it, and why (API.md §12). */
export function RemovedNote({ reason }: { reason: string | undefined }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <p role="note" className="rounded-lg border border-red-900 bg-red-950/60 px-3 py-2 text-sm text-red-200">
      {t('removedNote.text', { reason })}
    </p>
  );
}
