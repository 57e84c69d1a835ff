import { useTranslation } from '@/i18n/use-translation';
import type { JobsView as Jobs } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { errorText } from '@/lib/api-client';
import { formatDate, formatRelativeTime } from '@/lib/formatters';
import { toastError, toastSuccess } from '@/lib/toast';
import { useJobs } from '../api/get-jobs';
import { useRetryJob } from '../api/retry-job';

/** Counts as one row per queue with a column per state seen anywhere. */
function countTable(counts: Jobs['counts']) {
  const states = [...new Set(counts.map((c) => c.state))].sort();
  const queues = [...new Set(counts.map((c) => c.queue))].sort();
  const count = (queue: string, state: string) => counts.find((c) => c.queue === queue && c.state === state)?.count ?? 0;
  return { states, queues, count };
}

/** /admin/jobs: the job queue's counts per state, its latest failures and Retry (API.md §12). */
export function JobsView() {
  const { t } = useTranslation();
  const jobs = useJobs();
  const retry = useRetryJob();
  if (jobs.isPending) return <LoadingScreen />;
  if (jobs.isError)
    return <LoadError message={errorText(jobs.error, t('adminJobs.loadFailed'))} onRetry={() => void jobs.refetch()} />;
  const { states, queues, count } = countTable(jobs.data.counts);

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="jobs-counts" className="flex flex-col gap-3">
        <div className="flex items-center gap-3">
          <h2 id="jobs-counts" className="me-auto text-lg font-semibold">
            {t('adminJobs.byState')}
          </h2>
          <Button variant="secondary" size="sm" onClick={() => void jobs.refetch()}>
            {t('adminJobs.refresh')}
          </Button>
        </div>
        {queues.length === 0 ? (
          <p className="text-sm text-muted">{t('adminJobs.none')}</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-line">
            <table className="w-full text-start text-sm">
              <thead className="bg-raised">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('adminJobs.queue')}
                  </th>
                  {states.map((s) => (
                    <th key={s} scope="col" className="px-3 py-2 text-end font-medium">
                      {s}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {queues.map((q) => (
                  <tr key={q} className="border-t border-line">
                    <th scope="row" className="px-3 py-2 font-normal">
                      {q}
                    </th>
                    {states.map((s) => (
                      <td key={s} className="px-3 py-2 text-end tabular-nums">
                        {count(q, s)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="jobs-failed" className="flex flex-col gap-3">
        <h2 id="jobs-failed" className="text-lg font-semibold">
          {t('adminJobs.failed')}
        </h2>
        {jobs.data.failed.length === 0 ? (
          <EmptyState text={t('adminJobs.noFailed')} />
        ) : (
          <ul className="flex flex-col gap-3">
            {jobs.data.failed.map((job) => (
              <li key={job.id}>
                <article
                  aria-label={t('adminJobs.failedJob', { queue: job.queue })}
                  className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-4"
                >
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-semibold">{job.queue}</span>
                    <time dateTime={job.failedAt} className="text-muted" title={formatDate(job.failedAt)}>
                      {formatRelativeTime(job.failedAt)}
                    </time>
                    <Button
                      size="sm"
                      variant="secondary"
                      className="ms-auto"
                      aria-disabled={retry.isPending}
                      aria-label={t('adminJobs.retryJob', { queue: job.queue, id: job.id })}
                      onClick={() =>
                        !retry.isPending &&
                        retry.mutate(job.id, {
                          onSuccess: () => toastSuccess(t('adminJobs.queuedAgain')),
                          onError: (e) => toastError(errorText(e, t('adminJobs.retryFailed'))),
                        })
                      }
                    >
                      {t('adminJobs.retry')}
                    </Button>
                  </div>
                  <pre className="overflow-x-auto rounded-lg bg-page p-2 text-xs whitespace-pre-wrap text-red-300">
                    {job.error}
                  </pre>
                  <code className="text-xs break-all text-muted">{job.payload}</code>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
