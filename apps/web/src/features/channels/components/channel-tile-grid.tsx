import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { channelNavigationState, type ChannelSummary } from '@/lib/channel-state';
import { formatCount } from '@/lib/formatters';
import { LikeIcon, PlaylistIcon, PostIcon, SubscriptionsIcon, UsersIcon, VideoIcon } from '@/components/ui/icons';
import type { ChannelTile, ChannelTileIcon } from '../channel-tiles';

const icons: Record<ChannelTileIcon, ComponentType<{ className?: string }>> = {
  liked: LikeIcon,
  playlists: PlaylistIcon,
  subscriptions: SubscriptionsIcon,
  videos: VideoIcon,
  posts: PostIcon,
  subscribers: UsersIcon,
};

type ChannelTileGridProps = { title: string; tiles: ChannelTile[]; channel: ChannelSummary };

export function ChannelTileGrid({ title, tiles, channel }: ChannelTileGridProps) {
  const state = channelNavigationState(channel);
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {tiles.map((tile) => {
          const Icon = icons[tile.icon];
          return (
            <li key={tile.to}>
              <Link
                to={tile.to}
                state={state}
                className="flex items-center gap-4 rounded-2xl border border-line bg-panel p-4 transition-colors hover:border-zinc-500 hover:bg-raised"
              >
                <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-raised text-xl text-zinc-200">
                  <Icon />
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium">{tile.label}</span>
                  <span className="text-sm text-muted">{tile.count === undefined ? '—' : formatCount(tile.count)}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
