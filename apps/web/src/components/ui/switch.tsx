import { useId } from 'react';

type SwitchProps = { label: string; checked: boolean; onChange: (checked: boolean) => void };

/** An on/off switch (role="switch": Space and Enter toggle it) with its visible label. */
export function Switch({ label, checked, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className={`relative h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400 ${
          checked ? 'bg-brand' : 'bg-zinc-600'
        }`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 start-0.5 h-5 w-5 rounded-full bg-white transition-transform ${checked ? 'translate-x-5 rtl:-translate-x-5' : ''}`}
        />
      </button>
    </div>
  );
}
