import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from './button';

/** A list that could not load: what went wrong and a Try Again button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}

/** The text of an empty list (e.g. 'No Subscriptions'), with an optional action below it. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-lg text-muted">{text}</p>
      {children}
    </div>
  );
}
