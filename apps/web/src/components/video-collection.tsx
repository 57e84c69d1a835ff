import type { ReactNode } from 'react';
import type { VideoCard } from '@streamhub/contract';
import { EmptyState, LoadError } from './ui/list-states';
import { LoadingScreen } from './ui/loading-screen';
import { ListedVideoCard, VideoGrid } from './video-card';

export type VideoCollectionItem = { key: string; video: VideoCard; action?: ReactNode };
/** A labelled group (e.g. a watched day) or, without a label, the whole list. */
export type VideoCollectionGroup = { label?: string; items: VideoCollectionItem[] };

type VideoCollectionProps = {
  title: string;
  status: 'pending' | 'error' | 'success';
  groups: VideoCollectionGroup[];
  emptyText: string;
  errorText: string;
  onRetry: () => void;
};

/** A personal video list page (Liked Videos, Watch History): title, loading, error with Try Again, empty text, cards. */
export function VideoCollection({ title, status, groups, emptyText, errorText, onRetry }: VideoCollectionProps) {
  const empty = groups.every((group) => group.items.length === 0);
  return (
    <section aria-labelledby="collection-title" className="flex flex-col gap-6">
      <title>{`${title} · StreamHub`}</title>
      <h1 id="collection-title" className="text-2xl font-bold">
        {title}
      </h1>
      {status === 'pending' ? (
        <LoadingScreen />
      ) : status === 'error' ? (
        <LoadError message={errorText} onRetry={onRetry} />
      ) : empty ? (
        <EmptyState text={emptyText} />
      ) : (
        groups.map((group, index) => {
          const grid = (
            <VideoGrid label={group.label ? undefined : title} headingLevel={group.label ? 3 : 2}>
              {group.items.map((item) => (
                <li key={item.key}>
                  <ListedVideoCard video={item.video} action={item.action} />
                </li>
              ))}
            </VideoGrid>
          );
          return group.label ? (
            <section key={group.label} aria-label={group.label} className="flex flex-col gap-4">
              <h2 className="text-lg font-semibold">{group.label}</h2>
              {grid}
            </section>
          ) : (
            <div key={index}>{grid}</div>
          );
        })
      )}
    </section>
  );
}
