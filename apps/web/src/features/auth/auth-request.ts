import { useRef } from 'react';
import type { TFunction } from 'i18next';
import { errorText } from '@/lib/api-client';

/** One AbortController per submit, so the authenticating screen can give up at 0 seconds. */
export function useAbortableRequest() {
  const controller = useRef<AbortController | null>(null);
  return {
    start(): AbortSignal {
      controller.current?.abort();
      controller.current = new AbortController();
      return controller.current.signal;
    },
    abort() {
      controller.current?.abort();
    },
  };
}

/** SPEC §8: show the server's text, else 'An error occurred'. */
export function authErrorText(error: unknown, t: TFunction): string {
  if (error instanceof DOMException && error.name === 'AbortError') return t('auth.timeout');
  return errorText(error, t('auth.errorOccurred'));
}
