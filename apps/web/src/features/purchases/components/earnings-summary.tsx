import { useTranslation } from '@/i18n/use-translation';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useEarnings } from '../api/get-earnings';
import { formatCount } from '@/lib/formatters';
import { topEarningItems, type EarningsItem } from '../earnings';
import { formatAmount } from '../money';

function itemHref(item: EarningsItem) {
  const id = encodeURIComponent(item._id);
  return item.kind === 'video' ? `/video/watch/${id}` : `/playlist/p/${id}`;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-xl bg-raised px-4 py-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The creator's earnings on their own channel page (from the ledger, after the platform fee):
 * total, last 30 days, and the items that earned most. Secondary: a failure is only logged.
 */
export function EarningsSummary() {
  const { t } = useTranslation();
  const earnings = useEarnings();
  useEffect(() => {
    if (earnings.error) console.error('Could not load earnings', earnings.error);
  }, [earnings.error]);

  if (earnings.isError) return null;
  return (
    <section aria-labelledby="earnings-title" className="flex flex-col gap-3">
      <h2 id="earnings-title" className="text-lg font-semibold">
        {t('earnings.title')}
      </h2>
      {earnings.isPending ? (
        <div role="status" className="flex items-center gap-3 rounded-2xl border border-line bg-panel p-4 text-muted">
          <Spinner className="h-5 w-5 border-2" />
          {t('earnings.loading')}
        </div>
      ) : (
        <div className="flex flex-col gap-4 rounded-2xl border border-line bg-panel p-4">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Figure label={t('earnings.total')} value={formatAmount(earnings.data.total)} testId="earnings-total" />
            <Figure label={t('earnings.last30Days')} value={formatAmount(earnings.data.last30Days)} testId="earnings-30-days" />
            <Figure label={t('earnings.sales')} value={String(earnings.data.sales)} testId="earnings-sales" />
          </dl>
          {earnings.data.items.length === 0 ? (
            <p className="text-sm text-muted">{t('earnings.none')}</p>
          ) : (
            <ul aria-label={t('earnings.perItem')} className="flex flex-col divide-y divide-line">
              {topEarningItems(earnings.data.items).map((item) => (
                <li key={`${item.kind}-${item._id}`} className="flex items-center gap-3 py-2 text-sm">
                  <span className="w-16 shrink-0 text-xs text-muted capitalize">
                    {item.kind === 'video' ? t('earnings.kindVideo') : t('earnings.kindPlaylist')}
                  </span>
                  <Link to={itemHref(item)} className="min-w-0 flex-1 truncate hover:underline">
                    {item.title}
                  </Link>
                  <span className="shrink-0 text-muted">
                    {t('earnings.salesCount', { count: item.sales, formatted: formatCount(item.sales) })}
                  </span>
                  <span className="w-20 shrink-0 text-end font-medium tabular-nums">{formatAmount(item.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
