import { VideoCollection } from '@/components/video-collection';
import { videoTitle } from '@/components/video-card';
import { useWatchHistory } from '@/features/history/api/get-watch-history';
import { RemoveHistoryButton } from '@/features/history/components/remove-history-button';

/** /history: 'Watch History' grouped by watched date, newest first (SPEC §2); Try Again reloads (SPEC §8). */
export function HistoryPage() {
  const history = useWatchHistory();
  const groups = (history.data ?? []).map((group) => ({
    label: group.date,
    items: group.items.map((item) => ({
      key: item._id,
      video: item.video,
      action: <RemoveHistoryButton entryId={item._id} title={videoTitle(item.video)} />,
    })),
  }));
  return (
    <VideoCollection
      title="Watch History"
      status={history.status}
      groups={groups}
      emptyText="No Watch History"
      errorText="Failed to load watch history. Please try again later."
      onRetry={() => window.location.reload()}
    />
  );
}
