import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { AdminReport, Owner } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Img } from '@/components/ui/img';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { ReportStateBadge } from '@/components/report-state-badge';
import { errorText } from '@/lib/api-client';
import { formatDate, formatRelativeTime } from '@/lib/formatters';
import { REPORT_REASONS } from '@/lib/report-reasons';
import { toastError, toastSuccess } from '@/lib/toast';
import { useRejectReport } from '../api/reject-report';
import { useRestore } from '../api/restore';
import { useTakeDown } from '../api/take-down';
import { ReportTarget, type TargetSlots } from './report-target';

export type ReportCardSlots = TargetSlots & {
  /** What staff may do to a reported channel's account (suspend), composed by the page. */
  accountAction?: (owner: Owner) => ReactNode;
};

/** A report's target that a takedown can hide; a channel is dealt with by suspending its owner. */
const removable = (type: AdminReport['targetType']): type is Exclude<AdminReport['targetType'], 'channel'> => type !== 'channel';

/** A reason's label in the page's language; an unknown key (a newer server) shows as it came. */
export function useReasonLabel() {
  const { t } = useTranslation();
  return (reason: string) => (REPORT_REASONS.some((r) => r.value === reason) ? t(`moderation.reason.${reason}`) : reason);
}

function Reporter({ report }: { report: AdminReport }) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
      <Img src={report.reporter.avatar} fallback="avatar" alt="" className="h-5 w-5 rounded-full object-cover" />
      <span>
        {t('reportCard.reportedBy')} <span className="text-zinc-200">@{report.reporter.username}</span>{' '}
        <time dateTime={report.createdAt} title={formatDate(report.createdAt)}>
          {formatRelativeTime(report.createdAt)}
        </time>
      </span>
    </p>
  );
}

/** One report in the queue: the reason, the target in context, and reject / take down / restore. */
export function ReportCard({ report, slots }: { report: AdminReport; slots: ReportCardSlots }) {
  const { t } = useTranslation();
  const reasonLabel = useReasonLabel();
  const reject = useRejectReport();
  const takeDown = useTakeDown();
  const restore = useRestore();
  const [dialog, setDialog] = useState<'reject' | 'takedown' | null>(null);
  const kind = t(`moderation.kind.${report.targetType}`);
  const { target } = report;
  const open = report.state === 'open';
  const removed = target.removedReason !== null;

  function close(next: boolean) {
    if (next) return;
    setDialog(null);
    reject.reset();
    takeDown.reset();
  }

  return (
    <article
      aria-label={t('reportCard.label', { kind, reason: reasonLabel(report.reason) })}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-panel p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">
          <span className="capitalize">{kind}</span> · {reasonLabel(report.reason)}
        </h2>
        <ReportStateBadge state={report.state} />
      </header>
      <Reporter report={report} />
      {report.text ? (
        <p className="text-sm break-words whitespace-pre-line">{t('reportCard.quote', { text: report.text })}</p>
      ) : null}
      {report.note ? <p className="text-sm text-muted">{t('reportCard.note', { note: report.note })}</p> : null}
      <ReportTarget report={report} slots={slots} />
      <div className="flex flex-wrap gap-2 border-t border-line pt-4">
        {open ? (
          <Button variant="secondary" size="sm" onClick={() => setDialog('reject')}>
            {t('reportCard.reject')}
          </Button>
        ) : null}
        {target.exists && removable(report.targetType) && !removed ? (
          <Button variant="danger" size="sm" onClick={() => setDialog('takedown')}>
            {t('reportCard.takeDown')}
          </Button>
        ) : null}
        {target.exists && removable(report.targetType) && removed ? (
          <Button
            variant="secondary"
            size="sm"
            aria-disabled={restore.isPending}
            onClick={() =>
              !restore.isPending &&
              removable(report.targetType) &&
              restore.mutate(
                { targetType: report.targetType, targetId: report.targetId },
                {
                  onSuccess: () => toastSuccess(t('reportCard.restored')),
                  onError: (e) => toastError(errorText(e, t('reportCard.restoreFailed'))),
                },
              )
            }
          >
            {t('reportCard.restore')}
          </Button>
        ) : null}
        {report.targetType === 'channel' && target.owner ? slots.accountAction?.(target.owner) : null}
      </div>
      <ReasonDialog
        open={dialog === 'reject'}
        onOpenChange={close}
        title={t('reportCard.rejectTitle')}
        description={t('reportCard.rejectDescription')}
        fieldLabel={t('reportCard.noteLabel')}
        confirmLabel={t('reportCard.rejectConfirm')}
        confirmVariant="primary"
        pending={reject.isPending}
        error={reject.error ? errorText(reject.error, t('reportCard.rejectFailed')) : null}
        onConfirm={(note) =>
          reject.mutate(
            { reportId: report._id, note },
            { onSuccess: () => (setDialog(null), toastSuccess(t('reportCard.rejected'))) },
          )
        }
      />
      <ReasonDialog
        open={dialog === 'takedown'}
        onOpenChange={close}
        title={t(`reportCard.takeDownTitle.${report.targetType}`)}
        description={t('reportCard.takeDownDescription')}
        confirmLabel={t('reportCard.takeDown')}
        required
        pending={takeDown.isPending}
        error={takeDown.error ? errorText(takeDown.error, t('reportCard.takeDownFailed')) : null}
        onConfirm={(reason) =>
          removable(report.targetType) &&
          takeDown.mutate(
            { targetType: report.targetType, targetId: report.targetId, reason },
            { onSuccess: () => (setDialog(null), toastSuccess(t('reportCard.takenDown'))) },
          )
        }
      />
    </article>
  );
}
