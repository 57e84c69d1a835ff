import { Link } from 'react-router';
import type { Subscriber } from '@streamhub/contract';
import { Img } from '@/components/ui/img';

/** One subscriber on /subscribers (SPEC §2): avatar, full name and username; a click opens their channel. */
export function SubscriberCard({ subscriber }: { subscriber: Subscriber }) {
  const user = subscriber.subscriber;
  return (
    <Link
      to={`/channel/${encodeURIComponent(user._id)}`}
      className="flex h-full flex-col items-center gap-3 rounded-2xl border border-line bg-panel p-5 text-center transition-colors hover:border-zinc-500 hover:bg-raised"
    >
      <Img src={user.avatar} fallback="avatar" alt="" className="h-20 w-20 rounded-full object-cover" />
      <span className="flex w-full min-w-0 flex-col">
        <span className="truncate font-semibold">{user.fullname}</span>
        <span className="truncate text-sm text-muted">@{user.username}</span>
      </span>
    </Link>
  );
}
