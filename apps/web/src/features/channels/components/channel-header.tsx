import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { ChannelProfile, ChannelStats, OwnProfile } from '@streamhub/contract';
import { Img } from '@/components/ui/img';
import { formatCount, formatDate } from '@/lib/formatters';

type ChannelHeaderProps = {
  channel: OwnProfile | ChannelProfile;
  stats: ChannelStats | undefined;
  /** 'Edit Profile' for the owner, Subscribe for others. */
  actions: ReactNode;
};

type CountKey = 'count.subscribers' | 'count.videos' | 'count.views' | 'count.likes';

export function ChannelHeader({ channel, stats, actions }: ChannelHeaderProps) {
  const { t } = useTranslation();
  // An unknown count reads '— subscribers' (the plural form).
  const plural = (count: number | undefined, key: CountKey) =>
    count === undefined ? t(key, { count: 2, formatted: '—' }) : t(key, { count, formatted: formatCount(count) });
  return (
    <header className="overflow-hidden rounded-2xl border border-line bg-panel">
      <div aria-hidden="true" className="h-24 bg-gradient-to-r from-zinc-800 via-red-950 to-zinc-800 sm:h-32" />
      <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:px-6">
        <Img
          src={channel.avatar}
          fallback="avatar"
          alt={t('channelHeader.avatar', { name: channel.fullname })}
          // Often the page's largest paint: asked for first, before the app's code.
          fetchPriority="high"
          className="-mt-12 h-24 w-24 shrink-0 rounded-full border-4 border-panel object-cover sm:-mt-14 sm:h-28 sm:w-28"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="truncate text-2xl font-bold sm:text-3xl">{channel.fullname}</h1>
          <p className="flex flex-wrap gap-x-2 text-sm text-muted">
            <span>@{channel.username}</span>
            <span aria-hidden="true">·</span>
            <span>{plural(stats?.totalSubscribers, 'count.subscribers')}</span>
            <span aria-hidden="true">·</span>
            <span>{plural(stats?.totalVideos, 'count.videos')}</span>
          </p>
          <p className="flex flex-wrap gap-x-2 text-sm text-muted">
            <span>{t('channelHeader.joined', { date: formatDate(channel.createdAt) })}</span>
            <span aria-hidden="true">·</span>
            <span>{plural(stats?.totalViews, 'count.views')}</span>
            <span aria-hidden="true">·</span>
            <span>{plural(stats?.totalLikes, 'count.likes')}</span>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">{actions}</div>
      </div>
    </header>
  );
}
