export function Spinner({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-zinc-600 border-t-white ${className}`}
    />
  );
}
