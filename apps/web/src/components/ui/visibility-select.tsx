import { useId } from 'react';
import { VISIBILITIES, type Visibility } from '@streamhub/contract';
import { inputClasses } from './text-field';

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
};

const VISIBILITY_HINTS: Record<Visibility, string> = {
  public: 'Anyone can find and watch it.',
  unlisted: 'Anyone with the link can watch it; it is never listed or searched.',
  private: 'Only you can watch it.',
};

type VisibilitySelectProps = {
  value: Visibility;
  onChange: (value: Visibility) => void;
  disabled?: boolean;
};

/** The Visibility field of the upload, edit, Go live and playlist forms (API.md §18). */
export function VisibilitySelect({ value, onChange, disabled }: VisibilitySelectProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        Visibility
      </label>
      <select
        id={id}
        name="visibility"
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value as Visibility)}
        className={`${inputClasses} h-10`}
      >
        {VISIBILITIES.map((v) => (
          <option key={v} value={v}>
            {VISIBILITY_LABELS[v]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {VISIBILITY_HINTS[value]}
      </p>
    </div>
  );
}
