import { useTranslation } from '@/i18n/use-translation';
import { TextField } from '@/components/ui/text-field';

/**
 * "Schedule" (optional): when the video goes public. Until then it is its owner's alone; it
 * transcodes at once either way (docs/chapters-and-scheduling.md).
 */
export function ScheduleField({ value, onChange, hint }: { value: string; onChange: (value: string) => void; hint?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('scheduleField.label')}
      name="publishAt"
      type="datetime-local"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={<span className="text-muted">{hint ?? t('scheduleField.hint')}</span>}
    />
  );
}
