import { useTranslation } from '@/i18n/use-translation';
import { VideoCollection } from '@/components/video-collection';
import { videoTitle } from '@/components/video-card';
import { ConfirmRemoveButton } from '@/components/ui/confirm-remove-button';
import { useWatchHistory } from '@/features/history/api/get-watch-history';
import { useRemoveHistoryEntry } from '@/features/history/api/remove-history-entry';

/** /history: 'Watch History' grouped by watched date, newest first (SPEC §2); Try Again reloads (SPEC §8). */
export function HistoryPage() {
  const { t } = useTranslation();
  const history = useWatchHistory();
  const remove = useRemoveHistoryEntry();
  const groups = (history.data ?? []).map((group) => ({
    label: group.date,
    items: group.items.map((item) => ({
      key: item._id,
      video: item.video,
      // 'Remove Video?' (SPEC §8; cannot be undone).
      action: (
        <ConfirmRemoveButton
          label={t('historyPage.remove', { title: videoTitle(item.video) })}
          title={t('historyPage.removeTitle')}
          description={t('historyPage.removeDescription')}
          pending={remove.isPending && remove.variables === item._id}
          onConfirm={() => remove.mutate(item._id)}
        />
      ),
    })),
  }));
  return (
    <VideoCollection
      title={t('historyPage.title')}
      status={history.status}
      groups={groups}
      emptyText={t('historyPage.empty')}
      errorText={t('historyPage.loadFailed')}
      onRetry={() => window.location.reload()}
    />
  );
}
