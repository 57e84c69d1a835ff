import { formatDate, formatRelativeTime } from '@/lib/formatters';
import { useNow } from '@/lib/use-now';

/** 'Last updated 3 days ago', with the full date on hover and for assistive tech. */
export function LastUpdated({ value, className = '' }: { value: string; className?: string }) {
  const now = useNow();
  return (
    <p className={className}>
      Last updated{' '}
      <time dateTime={value} title={formatDate(value)}>
        {formatRelativeTime(value, now)}
      </time>
    </p>
  );
}
