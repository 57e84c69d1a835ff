import { useRef } from 'react';
import { errorText } from '@/lib/api-client';

export const AUTH_TIMEOUT_TEXT = 'The server took too long to answer. Please try again.';

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
export function authErrorText(error: unknown): string {
  if (error instanceof DOMException && error.name === 'AbortError') return AUTH_TIMEOUT_TEXT;
  return errorText(error, 'An error occurred');
}
