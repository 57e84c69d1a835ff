import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from '@/i18n/use-translation';

export const inputClasses =
  'h-11 w-full rounded-lg border border-line bg-page px-3 text-sm text-fg placeholder:text-zinc-500 focus:border-sky-400 focus:ring-2 focus:ring-sky-400/30 focus:outline-none focus-visible:outline-none aria-invalid:border-red-500';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Extra content beside the label (e.g. a tooltip). */
  labelAddon?: ReactNode;
  /** Shown under the input and linked with aria-describedby. */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A field's visible limit: how many characters of its maxLength are used (shown when it has one). */
export function CharacterCount({ id, value, max }: { id: string; value: unknown; max: number }) {
  const { t, i18n } = useTranslation();
  // English keeps its own digits ('1,000'); another language writes them its way.
  const language = i18n.language ?? 'en';
  const locale = language.startsWith('en') ? 'en-US' : language;
  const used = typeof value === 'string' ? value.length : 0;
  return (
    <p id={id} className="self-end text-xs text-muted tabular-nums">
      {used.toLocaleString(locale)} / {max.toLocaleString(locale)}
      <span className="sr-only"> {t('textField.characters')}</span>
    </p>
  );
}

export function TextField({ label, labelAddon, hint, id, className = '', ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  const max = props.maxLength;
  const describedBy = [hint ? hintId : '', max ? countId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-center gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-200">
          {label}
        </label>
        {labelAddon}
      </div>
      <input id={inputId} className={inputClasses} aria-describedby={describedBy} {...props} />
      {max ? <CharacterCount id={countId} value={props.value} max={max} /> : null}
      {hint ? (
        <div id={hintId} className="min-h-5 text-xs" aria-live="polite">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
