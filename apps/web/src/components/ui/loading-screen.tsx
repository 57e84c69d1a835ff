import { Spinner } from './spinner';

/** SPEC §2: the 'Loading data...' spinner shown while a page or its data loads. */
export function LoadingScreen({ label = 'Loading data...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
      <Spinner className="h-10 w-10" />
      <p className="text-muted">{label}</p>
    </div>
  );
}
