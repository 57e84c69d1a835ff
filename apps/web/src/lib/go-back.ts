import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * React Router numbers its history entries (`history.state.idx`). At 0 the page was opened
 * directly (typed URL, new tab), so "back one page" would leave the app or do nothing.
 */
export function canGoBack(historyState: unknown): boolean {
  if (!historyState || typeof historyState !== 'object') return false;
  const idx = (historyState as { idx?: unknown }).idx;
  return typeof idx === 'number' && idx > 0;
}

/** SPEC's "goes back one page", with a fallback route when there is no page to go back to. */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  return useCallback(() => {
    if (canGoBack(window.history.state)) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
