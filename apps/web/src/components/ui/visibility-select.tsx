import { useId } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { VISIBILITIES, type Visibility } from '@streamhub/contract';
import { inputClasses } from './text-field';

/** The catalogue keys of the visibilities' names. */
export const VISIBILITY_LABEL_KEYS: Record<Visibility, string> = {
  public: 'visibility.public',
  unlisted: 'visibility.unlisted',
  private: 'visibility.private',
};

const VISIBILITY_HINTS: Record<Visibility, string> = {
  public: 'visibility.publicHint',
  unlisted: 'visibility.unlistedHint',
  private: 'visibility.privateHint',
};

type VisibilitySelectProps = {
  value: Visibility;
  onChange: (value: Visibility) => void;
  disabled?: boolean;
};

/** The Visibility field of the upload, edit, Go live and playlist forms (API.md §18). */
export function VisibilitySelect({ value, onChange, disabled }: VisibilitySelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {t('visibility.label')}
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
            {t(VISIBILITY_LABEL_KEYS[v])}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t(VISIBILITY_HINTS[value])}
      </p>
    </div>
  );
}
