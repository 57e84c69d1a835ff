import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { Report } from '@streamhub/contract';
import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { formatDate } from '@/lib/formatters';
import { useMyReports } from '../api/get-my-reports';
import { ReportStateBadge } from '@/components/report-state-badge';

/** Where a reported item can be opened from its id alone (comments and posts need their parent). */
function targetHref(report: Report): string | null {
  const id = encodeURIComponent(report.targetId);
  if (report.targetType === 'video') return `/video/watch/${id}`;
  if (report.targetType === 'channel') return `/channel/${id}`;
  return null;
}

function ReportRow({ report }: { report: Report }) {
  const { t } = useTranslation();
  const href = targetHref(report);
  const what = t(`myReports.kind.${report.targetType}`);
  return (
    <article
      aria-label={t(`myReports.label.${report.targetType}`)}
      className="flex flex-col gap-1.5 rounded-xl border border-line bg-panel p-4"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">
          {href ? (
            <Link to={href} className="hover:underline">
              {what}
            </Link>
          ) : (
            what
          )}
        </span>
        <span className="text-muted">·</span>
        <span>{t(`reportDialog.reason.${report.reason}`, { defaultValue: report.reason })}</span>
        <span className="ms-auto flex items-center gap-2">
          <ReportStateBadge state={report.state} />
          <time dateTime={report.createdAt} className="text-xs text-muted">
            {formatDate(report.createdAt)}
          </time>
        </span>
      </div>
      {report.text ? <p className="text-sm break-words whitespace-pre-line text-zinc-300">{report.text}</p> : null}
    </article>
  );
}

/** /reports: the reports I made and what became of them (API.md §12). */
export function MyReportsView() {
  const { t } = useTranslation();
  const reports = useMyReports();
  if (reports.isPending) return <LoadingScreen />;
  if (reports.isError) return <LoadError message={t('myReports.loadFailed')} onRetry={() => void reports.refetch()} />;
  if (reports.data.length === 0) return <EmptyState text={t('myReports.empty')} />;
  return (
    <ul className="flex flex-col gap-3">
      {reports.data.map((report) => (
        <li key={report._id}>
          <ReportRow report={report} />
        </li>
      ))}
    </ul>
  );
}
