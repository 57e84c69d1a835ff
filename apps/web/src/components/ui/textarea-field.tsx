import { useId, type TextareaHTMLAttributes } from 'react';
import { CharacterCount } from './text-field';

const textareaClasses =
  'min-h-28 w-full rounded-lg border border-line bg-page px-3 py-2 text-sm text-fg placeholder:text-zinc-500 focus:border-sky-400 focus:ring-2 focus:ring-sky-400/30 focus:outline-none';

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string };

export function TextareaField({ label, id, className = '', ...props }: TextareaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <textarea
        id={inputId}
        className={textareaClasses}
        aria-describedby={props.maxLength ? `${inputId}-count` : undefined}
        {...props}
      />
      {props.maxLength ? <CharacterCount id={`${inputId}-count`} value={props.value} max={props.maxLength} /> : null}
    </div>
  );
}
