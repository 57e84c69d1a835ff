import { reportStateLabel } from '@/lib/report-reasons';

const tones: Record<string, string> = {
  open: 'bg-sky-900/60 text-sky-200',
  rejected: 'bg-zinc-700 text-zinc-200',
  actioned: 'bg-emerald-900/60 text-emerald-200',
};

/** A report's state as a small labelled badge. */
export function ReportStateBadge({ state }: { state: string }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${tones[state] ?? 'bg-zinc-700 text-zinc-200'}`}>
      {reportStateLabel(state)}
    </span>
  );
}
