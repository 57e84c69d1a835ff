import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useWatchHistory } from '@/features/history/api/get-watch-history';
import { RemoveHistoryButton } from '@/features/history/components/remove-history-button';
import { VideoCard, VideoGrid } from '@/features/video-list/components/video-card';

/** /history: 'Watch History' grouped by watched date, newest first (SPEC §2). */
export function HistoryPage() {
  const history = useWatchHistory();
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-6">
      <title>Watch History · StreamHub</title>
      <h1 id="history-title" className="text-2xl font-bold">
        Watch History
      </h1>
      {history.isPending ? (
        <LoadingScreen />
      ) : history.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
          <p>Failed to load watch history. Please try again later.</p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Try Again
          </Button>
        </div>
      ) : history.data.length === 0 ? (
        <p className="py-16 text-center text-lg text-muted">No Watch History</p>
      ) : (
        history.data.map((group) => (
          <section key={group.date} aria-label={group.date} className="flex flex-col gap-4">
            <h2 className="text-lg font-semibold">{group.date}</h2>
            <VideoGrid>
              {group.items.map((item) => (
                <li key={item._id}>
                  <VideoCard
                    video={item.video}
                    action={<RemoveHistoryButton entryId={item._id} title={item.video.title?.trim() || 'Untitled Video'} />}
                  />
                </li>
              ))}
            </VideoGrid>
          </section>
        ))
      )}
    </section>
  );
}
