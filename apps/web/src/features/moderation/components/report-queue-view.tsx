import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Pager } from '@/components/ui/pager';
import { errorText } from '@/lib/api-client';
import { useReportQueue } from '../api/get-report-queue';
import { ReportCard, type ReportCardSlots } from './report-card';
import { ReportFilters, type QueueFilters } from './report-filters';
import { formatCount } from '@/lib/formatters';

const PAGE_SIZE = 20;

/** /admin/reports: the moderation queue, open reports oldest first by default (API.md §12). */
export function ReportQueueView({ slots }: { slots: ReportCardSlots }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<QueueFilters>({ state: 'open' });
  const [page, setPage] = useState(1);
  const queue = useReportQueue({ ...filters, page });

  return (
    <div className="flex flex-col gap-5">
      <ReportFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {queue.isPending ? (
        <LoadingScreen />
      ) : queue.isError ? (
        <LoadError message={errorText(queue.error, t('reportQueue.loadFailed'))} onRetry={() => void queue.refetch()} />
      ) : queue.data.reports.length === 0 ? (
        <EmptyState text={t('reportQueue.empty')} />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('count.reports', { count: queue.data.total, formatted: formatCount(queue.data.total) })}
          </p>
          <ul className="flex flex-col gap-4" aria-busy={queue.isFetching}>
            {queue.data.reports.map((report) => (
              <li key={report._id}>
                <ReportCard report={report} slots={slots} />
              </li>
            ))}
          </ul>
          <Pager label={t('reportQueue.pages')} page={page} hasNext={page * PAGE_SIZE < queue.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}
