import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export const inputClasses =
  'h-11 w-full rounded-lg border border-line bg-page px-3 text-sm text-white placeholder:text-zinc-500 focus:border-sky-400 focus:ring-2 focus:ring-sky-400/30 focus:outline-none focus-visible:outline-none aria-invalid:border-red-500';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Extra content beside the label (e.g. a tooltip). */
  labelAddon?: ReactNode;
  /** Shown under the input and linked with aria-describedby. */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ label, labelAddon, hint, id, className = '', ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-center gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-200">
          {label}
        </label>
        {labelAddon}
      </div>
      <input id={inputId} className={inputClasses} aria-describedby={hint ? hintId : undefined} {...props} />
      {hint ? (
        <div id={hintId} className="min-h-5 text-xs" aria-live="polite">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
