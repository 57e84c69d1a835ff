import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { lastDays, RANGE_PRESETS, rangeProblem, todayUtc, type DayRange } from '../studio-range';

/** rangeProblem's reasons, in the catalogue. */
const PROBLEMS: Record<string, string> = {
  'Choose both dates.': 'dateRange.bothDates',
  'The start must not be after the end.': 'dateRange.startAfterEnd',
};

type DateRangePickerProps = { value: DayRange; onChange: (range: DayRange) => void };

/** Last 7 / 28 / 90 days, or a custom range of dates (UTC days, as the server counts them). */
export function DateRangePicker({ value, onChange }: DateRangePickerProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState<DayRange>(value);
  const [problem, setProblem] = useState<string | null>(null);
  const today = todayUtc();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const why = rangeProblem(custom);
    setProblem(why);
    if (!why) onChange(custom);
  };

  return (
    <div className="flex flex-wrap items-end gap-4">
      <div role="group" aria-label={t('dateRange.label')} className="flex flex-wrap gap-2">
        {RANGE_PRESETS.map((days) => {
          const range = lastDays(days, today);
          const current = range.from === value.from && range.to === value.to;
          return (
            <Button
              key={days}
              variant={current ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={current}
              onClick={() => {
                setCustom(range);
                setProblem(null);
                onChange(range);
              }}
            >
              {t('dateRange.last', { count: days })}
            </Button>
          );
        })}
      </div>
      <form onSubmit={apply} aria-label={t('dateRange.custom')} className="flex flex-wrap items-end gap-2">
        <TextField
          label={t('dateRange.from')}
          type="date"
          value={custom.from}
          max={today}
          onChange={(e) => setCustom({ ...custom, from: e.target.value })}
          aria-invalid={problem ? true : undefined}
        />
        <TextField
          label={t('dateRange.to')}
          type="date"
          value={custom.to}
          max={today}
          onChange={(e) => setCustom({ ...custom, to: e.target.value })}
          aria-invalid={problem ? true : undefined}
        />
        <Button type="submit" variant="secondary" size="md">
          {t('dateRange.apply')}
        </Button>
        <p role="alert" className="w-full text-sm text-red-400 empty:hidden">
          {problem ? t(PROBLEMS[problem] ?? '', { defaultValue: problem }) : null}
        </p>
      </form>
    </div>
  );
}
