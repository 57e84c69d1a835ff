import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signInPathFor } from '@streamhub/contract';
import { clearCurrentUser, useCurrentUser } from '@/lib/auth';
import { refusalTarget, refusedState } from './access-refusal';

/**
 * Follows a refused watch call (see refusalTarget): to /video/buy/{id}, or to sign-in (and back) with the
 * stale user cookie forgotten (the sign-in page would otherwise bounce to /home). True while the
 * page is being left, so it shows a loading state instead of an error.
 */
export function useRefusalRedirect(error: unknown, videoId: string): boolean {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = useCurrentUser() !== null;
  const target = refusalTarget(error, signedIn);
  useEffect(() => {
    if (target === 'buy') void navigate(`/video/buy/${encodeURIComponent(videoId)}`, { replace: true, state: refusedState });
    if (target === 'signin') {
      clearCurrentUser();
      // Back to this page once signed in (API.md §18).
      void navigate(signInPathFor(pathname + search), { replace: true });
    }
  }, [target, navigate, videoId, pathname, search]);
  return target !== null;
}
