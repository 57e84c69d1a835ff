import { Link } from 'react-router';
import type { MoreVideo } from '@streamhub/contract';
import { Img } from '@/components/ui/img';
import { formatCount, formatDuration, formatRelativeTime } from '@/lib/formatters';

/** The wide-screen 'More videos' side list; the current video is left out (SPEC §2). */
export function MoreVideos({ videos, currentId }: { videos: MoreVideo[]; currentId: string }) {
  const others = videos.filter((v) => v._id !== currentId);
  return (
    <section aria-labelledby="more-videos-title" className="flex flex-col gap-3">
      <h2 id="more-videos-title" className="text-lg font-semibold">
        More videos
      </h2>
      {others.length === 0 ? (
        <p className="text-sm text-muted">No more videos available</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 xl:grid-cols-1">
          {others.map((video) => (
            <li key={video._id}>
              <Link to={`/video/watch/${encodeURIComponent(video._id)}`} className="group flex gap-2">
                <span className="relative w-40 shrink-0 overflow-hidden rounded-lg bg-raised">
                  <Img src={video.thumbnail} fallback="thumbnail" alt="" className="aspect-video w-full object-cover" />
                  <span className="absolute right-1 bottom-1 rounded bg-black/80 px-1 text-xs">
                    {formatDuration(video.duration)}
                  </span>
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="line-clamp-2 text-sm font-semibold group-hover:underline">
                    {video.title?.trim() || 'Untitled Video'}
                  </span>
                  <span className="text-xs text-muted">
                    {formatCount(video.views)} {video.views === 1 ? 'view' : 'views'} · {formatRelativeTime(video.createdAt)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
