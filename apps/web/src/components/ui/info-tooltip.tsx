import { useId } from 'react';
import { InfoIcon } from './icons';

/** An info icon that reveals its text on hover and on keyboard focus. */
export function InfoTooltip({ text, label = 'More information' }: { text: string; label?: string }) {
  const id = useId();
  return (
    <span className="group relative inline-flex">
      <button type="button" aria-label={label} aria-describedby={id} className="rounded-full text-base text-muted hover:text-fg">
        <InfoIcon />
      </button>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full -start-2 z-30 mb-2 w-64 rounded-lg border border-line bg-raised px-3 py-2 text-xs leading-snug text-zinc-100 opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}
