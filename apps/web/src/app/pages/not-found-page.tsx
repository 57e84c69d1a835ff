import { NotFoundScreen } from '@/components/not-found-screen';

export function NotFoundPage() {
  return <NotFoundScreen />;
}
