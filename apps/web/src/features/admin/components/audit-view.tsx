import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Img } from '@/components/ui/img';
import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { errorText } from '@/lib/api-client';
import { formatDate, formatRelativeTime } from '@/lib/formatters';
import { useAudit } from '../api/get-audit';
import { Pager } from '@/components/ui/pager';

/** The server's page size of GET /api/admin/audit: a full page may have a next one. */
const AUDIT_PAGE_SIZE = 50;

/** /admin/audit: every staff action, who, what, when and why, newest first (append-only). */
export function AuditView() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  if (audit.isPending) return <LoadingScreen />;
  if (audit.isError)
    return <LoadError message={errorText(audit.error, t('adminAudit.loadFailed'))} onRetry={() => void audit.refetch()} />;
  if (audit.data.length === 0 && page === 1) return <EmptyState text={t('adminAudit.empty')} />;

  return (
    <div className="flex flex-col gap-4">
      {/* Reachable by keyboard: on a narrow screen the table scrolls sideways. */}
      <div
        role="region"
        aria-label={t('adminAudit.label')}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-line"
      >
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('adminAudit.caption')}</caption>
          <thead className="bg-raised">
            <tr>
              {['when', 'who', 'action', 'target', 'change', 'reason'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {t(`adminAudit.column.${h}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {audit.data.map((entry) => (
              <tr key={entry._id} className="border-t border-line align-top">
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={entry.createdAt} title={formatDate(entry.createdAt)}>
                    {formatRelativeTime(entry.createdAt)}
                  </time>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {entry.actor ? (
                    <span className="inline-flex items-center gap-2 pe-2">
                      <Img src={entry.actor.avatar} fallback="avatar" alt="" className="h-6 w-6 rounded-full object-cover" />
                      {`@${entry.actor.username}`}
                    </span>
                  ) : (
                    <span className="text-muted">{t('adminAudit.commandLine')}</span>
                  )}
                </td>
                <td className="px-3 py-2 font-medium">{entry.action}</td>
                <td className="px-3 py-2">
                  {entry.targetName ? (
                    <span>@{entry.targetName}</span>
                  ) : (
                    <>
                      {entry.targetType}
                      {entry.targetId ? (
                        <span className="block font-mono text-xs break-all text-muted">{entry.targetId}</span>
                      ) : null}
                    </>
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{entry.change || <span className="text-muted">—</span>}</td>
                <td className="min-w-48 px-3 py-2 break-words whitespace-pre-line">
                  {entry.reason || <span className="text-muted">—</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label={t('adminAudit.pages')} page={page} hasNext={audit.data.length >= AUDIT_PAGE_SIZE} onPage={setPage} />
    </div>
  );
}
