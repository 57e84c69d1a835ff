import { useTranslation } from '@/i18n/use-translation';
import { Button } from './button';

type PagerProps = { page: number; hasNext: boolean; onPage: (page: number) => void; label: string };

/** Previous / Next under a paged list; nothing when everything fits on one page. */
export function Pager({ page, hasNext, onPage, label }: PagerProps) {
  const { t } = useTranslation();
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span className="text-sm text-muted">{t('pager.page', { page })}</span>
      <Button variant="secondary" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
