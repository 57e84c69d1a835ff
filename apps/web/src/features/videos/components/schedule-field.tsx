import { TextField } from '@/components/ui/text-field';

/**
 * "Schedule" (optional): when the video goes public. Until then it is its owner's alone; it
 * transcodes at once either way (docs/chapters-and-scheduling.md).
 */
export function ScheduleField({ value, onChange, hint }: { value: string; onChange: (value: string) => void; hint?: string }) {
  return (
    <TextField
      label="Schedule"
      name="publishAt"
      type="datetime-local"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={<span className="text-muted">{hint ?? 'Optional: the video stays private until then, your time zone.'}</span>}
    />
  );
}
