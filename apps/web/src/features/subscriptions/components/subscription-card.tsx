import { Link } from 'react-router';
import type { Subscription } from '@streamhub/contract';
import { Img } from '@/components/ui/img';
import { countOf } from '@/lib/formatters';
import { SubscribeButton } from './subscribe-button';

/** A channel on /subscriptions (SPEC §2): the card opens the channel; Unsubscribe asks first. */
export function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const channel = subscription.subscribedTo;
  const subscribers = channel.subscribers ?? 0;
  return (
    <article
      aria-label={channel.fullname}
      className="relative flex items-center gap-4 rounded-2xl border border-line bg-panel p-4 transition-colors focus-within:border-zinc-500 hover:border-zinc-500 hover:bg-raised"
    >
      <Img src={channel.avatar} fallback="avatar" alt="" className="h-14 w-14 shrink-0 rounded-full object-cover" />
      <div className="flex min-w-0 flex-1 flex-col">
        <h2 className="truncate font-semibold">
          {/* The link covers the whole card; the button below sits above it. */}
          <Link
            to={`/channel/${encodeURIComponent(channel._id)}`}
            className="rounded after:absolute after:inset-0 after:rounded-2xl after:content-['']"
          >
            {channel.fullname}
          </Link>
        </h2>
        <p className="truncate text-sm text-muted">@{channel.username}</p>
        <p className="text-sm text-muted">{countOf(subscribers, 'subscriber', 'subscribers')}</p>
      </div>
      <SubscribeButton channelId={channel._id} subscribed subscribedLabel="Unsubscribe" className="relative z-10 shrink-0" />
    </article>
  );
}
