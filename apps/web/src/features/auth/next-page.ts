import { useSearchParams } from 'react-router';
import { safeNextPath } from '@streamhub/contract';

/**
 * Where signing in or registering leads (API.md §18): the page that sent the visitor here
 * (`?next=`, a path of this site only), else /home; and the query that carries it between the
 * two views of the sign-in page.
 */
export function useNextPage(): { next: string; carried: string } {
  const [params] = useSearchParams();
  const raw = params.get('next');
  const next = safeNextPath(raw);
  return { next, carried: raw && next === raw ? `next=${encodeURIComponent(raw)}` : '' };
}
