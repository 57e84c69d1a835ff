import type { AdminReportsQuery, ReportReason, ReportState, ReportTargetType } from '@streamhub/contract';
import { inputClasses } from '@/components/ui/text-field';
import { REPORT_REASONS } from '@/lib/report-reasons';

export type QueueFilters = Pick<AdminReportsQuery, 'state' | 'targetType' | 'reason'>;

const STATES: Array<{ value: ReportState | ''; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'actioned', label: 'Action taken' },
  { value: 'rejected', label: 'Rejected' },
  { value: '', label: 'Any state' },
];
const TYPES: Array<{ value: ReportTargetType | ''; label: string }> = [
  { value: '', label: 'Anything' },
  { value: 'video', label: 'Videos' },
  { value: 'comment', label: 'Comments' },
  { value: 'post', label: 'Posts' },
  { value: 'channel', label: 'Channels' },
];
const REASONS: Array<{ value: ReportReason | ''; label: string }> = [{ value: '', label: 'Any reason' }, ...REPORT_REASONS];

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
  return (
    <div role="group" aria-label="Filter reports" className="flex flex-wrap gap-3">
      <FilterSelect
        id="reports-state"
        label="State"
        value={value.state}
        options={STATES}
        onChange={(state) => onChange({ ...value, state })}
      />
      <FilterSelect
        id="reports-type"
        label="Type"
        value={value.targetType}
        options={TYPES}
        onChange={(targetType) => onChange({ ...value, targetType })}
      />
      <FilterSelect
        id="reports-reason"
        label="Reason"
        value={value.reason}
        options={REASONS}
        onChange={(reason) => onChange({ ...value, reason })}
      />
    </div>
  );
}
