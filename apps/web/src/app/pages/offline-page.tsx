import { NotFoundScreen } from '@/components/not-found-screen';

/** /error: where going offline or a network error lands (SPEC §2). */
export function OfflinePage() {
  return <NotFoundScreen offline />;
}
