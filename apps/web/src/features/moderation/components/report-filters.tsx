import { useTranslation } from '@/i18n/use-translation';
import type { AdminReportsQuery, ReportReason, ReportState, ReportTargetType } from '@streamhub/contract';
import { inputClasses } from '@/components/ui/text-field';
import { REPORT_REASONS } from '@/lib/report-reasons';

export type QueueFilters = Pick<AdminReportsQuery, 'state' | 'targetType' | 'reason'>;

// Each option's label is the catalogue's reportFilters.<kind>.<value or 'any'> (moderation.reason.* for reasons).
const STATES: Array<ReportState | ''> = ['open', 'actioned', 'rejected', ''];
const TYPES: Array<ReportTargetType | ''> = ['', 'video', 'comment', 'post', 'channel'];
const REASONS: Array<ReportReason | ''> = ['', ...REPORT_REASONS.map((r) => r.value)];

type SelectProps<T extends string> = {
  id: string;
  label: string;
  value: T | undefined;
  options: Array<{ value: T | ''; label: string }>;
  onChange: (value: T | undefined) => void;
};

function FilterSelect<T extends string>({ id, label, value, options, onChange }: SelectProps<T>) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
        className={`${inputClasses} w-44`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The queue's filters: state (open by default), type of target, reason. */
export function ReportFilters({ value, onChange }: { value: QueueFilters; onChange: (next: QueueFilters) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('reportFilters.label')} className="flex flex-wrap gap-3">
      <FilterSelect
        id="reports-state"
        label={t('reportFilters.state')}
        value={value.state}
        options={STATES.map((v) => ({ value: v, label: t(`reportFilters.state.${v || 'any'}`) }))}
        onChange={(state) => onChange({ ...value, state })}
      />
      <FilterSelect
        id="reports-type"
        label={t('reportFilters.type')}
        value={value.targetType}
        options={TYPES.map((v) => ({ value: v, label: t(`reportFilters.type.${v || 'any'}`) }))}
        onChange={(targetType) => onChange({ ...value, targetType })}
      />
      <FilterSelect
        id="reports-reason"
        label={t('reportFilters.reason')}
        value={value.reason}
        options={REASONS.map((v) => ({ value: v, label: v ? t(`moderation.reason.${v}`) : t('reportFilters.reason.any') }))}
        onChange={(reason) => onChange({ ...value, reason })}
      />
    </div>
  );
}
