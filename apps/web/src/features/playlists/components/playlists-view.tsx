import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { toastError, toastSuccess } from '@/lib/toast';
import { useDeletePlaylist } from '../api/delete-playlist';
import { useUserPlaylists } from '../api/get-user-playlists';
import { playlistHref } from '../playlists';
import { CreatePlaylistDialog } from './create-playlist-dialog';
import { PlaylistCard } from './playlist-card';

type PlaylistsViewProps = { userId: string; isOwner: boolean; title: string };

/** /playlist and /playlist/u/{channelId}: a user's playlists; the owner creates and deletes them (SPEC §2, §6). */
export function PlaylistsView({ userId, isOwner, title }: PlaylistsViewProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const playlists = useUserPlaylists(userId);
  const deletePlaylist = useDeletePlaylist();
  const [pendingDelete, setPendingDelete] = useState<{ id: string; name: string } | null>(null);

  function confirmDelete(playlistId: string) {
    deletePlaylist.mutate(playlistId, {
      onSuccess: () => toastSuccess(t('playlists.deleted')),
      onError: (e) => {
        console.error('Could not delete the playlist', e);
        toastError(errorText(e, t('playlists.deleteFailed')));
      },
    });
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <title>{`${title} · StreamHub`}</title>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="me-auto text-2xl font-semibold">{title}</h1>
        {isOwner ? <CreatePlaylistDialog /> : null}
      </header>

      {playlists.isPending ? (
        <LoadingScreen />
      ) : playlists.isError ? (
        <div role="alert" className="flex min-h-[30vh] flex-col items-center justify-center gap-3 text-center">
          <p className="text-muted">{errorText(playlists.error, t('playlistsView.loadFailed'))}</p>
          <Button variant="secondary" onClick={() => void playlists.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : playlists.data.length === 0 ? (
        <p className="py-16 text-center text-lg text-muted">{t('playlistsView.empty')}</p>
      ) : (
        <ul aria-label={title} className="grid grid-cols-1 gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {playlists.data.map((playlist) => (
            <li key={playlist._id}>
              <PlaylistCard
                playlist={playlist}
                href={playlistHref(playlist._id, playlist.owner || userId, user?._id)}
                deleting={deletePlaylist.isPending && deletePlaylist.variables === playlist._id}
                onDelete={isOwner ? () => setPendingDelete({ id: playlist._id, name: playlist.name }) : undefined}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={t('playlists.deleteConfirm')}
        description={t('playlists.cannotUndo')}
        onConfirm={() => {
          if (pendingDelete) confirmDelete(pendingDelete.id);
        }}
      />
    </div>
  );
}
