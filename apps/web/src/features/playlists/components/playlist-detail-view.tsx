import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { PlaylistDetail } from '@streamhub/contract';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PencilIcon } from '@/components/ui/icons';
import { Img } from '@/components/ui/img';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { ApiError, errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { toastError, toastSuccess } from '@/lib/toast';
import { useDeletePlaylist } from '../api/delete-playlist';
import { usePlaylist } from '../api/get-playlist';
import { useRemoveVideoFromPlaylist } from '../api/remove-video-from-playlist';
import { useSetPlaylistOrder } from '../api/set-playlist-order';
import { movedOrder, playlistWatchHref } from '../playlists';
import { ExclusiveMarker } from './exclusive-marker';
import { LastUpdated } from './last-updated';
import { PlaylistEditForm } from './playlist-edit-form';
import { PlaylistVideoItem } from './playlist-video-item';

export type LockedPlaylist = PlaylistDetail['playlist'];

type PlaylistDetailViewProps = {
  playlistId: string;
  /** Shown to a non-owner of an exclusive playlist without access (SPEC §2): badge, price and Buy. */
  renderOffer: (playlist: LockedPlaylist) => ReactNode;
  /** A missing playlist (404) goes back one page (SPEC §8). */
  onNotFound: () => void;
  onDeleted: () => void;
};

/** /playlist/p/{id} and /playlist/u/{channelId}/p/{id}: view and edit modes (SPEC §2). */
export function PlaylistDetailView({ playlistId, renderOffer, onNotFound, onDeleted }: PlaylistDetailViewProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // Once deleted, the page stops asking for it (a refetch would answer 404 and go back).
  const [deleted, setDeleted] = useState(false);
  const detail = usePlaylist(playlistId, { enabled: !deleted });
  const deletePlaylist = useDeletePlaylist();
  const removeVideo = useRemoveVideoFromPlaylist(playlistId);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [pendingRemoval, setPendingRemoval] = useState<string | null>(null);
  const setOrder = useSetPlaylistOrder(playlistId);
  const [dragged, setDragged] = useState<number | null>(null);
  const [moveNote, setMoveNote] = useState('');

  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  useEffect(() => {
    if (detail.error) console.error('Could not load the playlist', detail.error);
    if (notFound) onNotFound();
  }, [detail.error, notFound, onNotFound]);

  if (detail.isPending || notFound) return <LoadingScreen />;
  if (detail.isError) {
    return (
      <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-2 text-center">
        <title>{t('playlistDetail.unavailableTitle')}</title>
        <h1 className="text-xl font-semibold">{t('playlistDetail.unavailable')}</h1>
        <p className="text-muted">{errorText(detail.error, t('playlistDetail.loadFailed'))}</p>
      </div>
    );
  }

  const { playlist, access } = detail.data;
  const isOwner = Boolean(user && playlist.owner?._id === user._id);
  const locked = !isOwner && playlist.isExclusive && !access;
  const videos = playlist.videos;

  function confirmDelete() {
    deletePlaylist.mutate(playlistId, {
      onSuccess: () => {
        setDeleted(true);
        toastSuccess(t('playlists.deleted'));
        onDeleted();
      },
      onError: (e) => {
        console.error('Could not delete the playlist', e);
        toastError(errorText(e, t('playlists.deleteFailed')));
      },
    });
  }

  function move(from: number, to: number) {
    const video = videos[from];
    if (!video || to < 0 || to >= videos.length || from === to) return;
    setMoveNote(
      t('playlistDetail.moved', {
        title: video.title?.trim() || t('playlists.untitledVideo'),
        position: to + 1,
        total: videos.length,
      }),
    );
    setOrder.mutate(
      movedOrder(
        videos.map((v) => v._id),
        from,
        to,
      ),
      {
        onError: (e) => {
          console.error('Could not reorder the playlist', e);
          toastError(errorText(e, t('playlistDetail.reorderFailed')));
        },
      },
    );
  }

  function confirmRemoval(videoId: string) {
    removeVideo.mutate(videoId, {
      onSuccess: () => toastSuccess(t('playlistDetail.removed')),
      onError: (e) => {
        console.error('Could not remove the video from the playlist', e);
        toastError(errorText(e, t('playlists.error')));
      },
    });
  }

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] xl:items-start">
      <title>{`${playlist.name} · StreamHub`}</title>
      <section
        aria-label={t('playlistDetail.playlist')}
        className="flex flex-col gap-4 rounded-2xl border border-line bg-panel p-4 sm:p-5 md:flex-row md:items-start xl:sticky xl:top-20 xl:flex-col xl:items-stretch"
      >
        {/* Beside the details from 768 px, above them in the narrow side column from 1280 px. */}
        <div className="relative shrink-0 overflow-hidden rounded-xl bg-raised md:w-64 lg:w-72 xl:w-full">
          <Img src={videos[0]?.thumbnail} fallback="poster" alt="" className="aspect-video w-full object-cover" />
          {playlist.isExclusive ? <ExclusiveMarker className="absolute top-2 start-2" /> : null}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          {editing ? (
            <PlaylistEditForm playlist={playlist} onDone={() => setEditing(false)} />
          ) : (
            <>
              <div className="flex flex-col gap-2">
                <h1 className="text-2xl font-bold break-words">{playlist.name}</h1>
                <p className="text-sm text-muted">{playlist.owner?.fullname}</p>
                {playlist.description ? (
                  <p className="line-clamp-6 text-sm break-words whitespace-pre-line text-zinc-300">{playlist.description}</p>
                ) : null}
                <LastUpdated value={playlist.updatedAt} className="text-sm text-muted" />
                <p className="text-sm text-muted">{t('playlists.videoCount', { count: videos.length })}</p>
              </div>
              {videos.length > 0 && !locked && videos[0] ? (
                <Link to={playlistWatchHref(videos[0]._id, playlistId)} className={buttonClasses('primary', 'md', 'self-start')}>
                  {t('playlistDetail.playAll')}
                </Link>
              ) : null}
              {isOwner ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setEditing(true)}>
                    <PencilIcon />
                    {t('playlistDetail.edit')}
                  </Button>
                  <Button variant="danger" disabled={deletePlaylist.isPending} onClick={() => setConfirmingDelete(true)}>
                    {deletePlaylist.isPending ? t('playlistDetail.deleting') : t('playlists.delete')}
                  </Button>
                </div>
              ) : null}
              {locked ? renderOffer(playlist) : null}
            </>
          )}
        </div>
      </section>

      <section aria-label={t('playlistDetail.videos')} className="flex min-w-0 flex-col gap-2">
        {isOwner ? (
          <p role="status" className="sr-only">
            {moveNote}
          </p>
        ) : null}
        {videos.length === 0 ? (
          <p className="py-16 text-center text-muted">{t('playlistDetail.empty')}</p>
        ) : (
          <ol className="flex flex-col gap-1">
            {videos.map((video, index) => (
              <li
                key={video._id}
                draggable={isOwner}
                onDragStart={isOwner ? () => setDragged(index) : undefined}
                onDragOver={isOwner ? (e) => e.preventDefault() : undefined}
                onDrop={
                  isOwner
                    ? (e) => {
                        e.preventDefault();
                        if (dragged !== null) move(dragged, index);
                        setDragged(null);
                      }
                    : undefined
                }
                onDragEnd={() => setDragged(null)}
                className={dragged === index ? 'opacity-50' : undefined}
              >
                <PlaylistVideoItem
                  video={video}
                  index={index}
                  removing={removeVideo.isPending && removeVideo.variables === video._id}
                  onRemove={isOwner ? () => setPendingRemoval(video._id) : undefined}
                  onMoveUp={isOwner && index > 0 ? () => move(index, index - 1) : undefined}
                  onMoveDown={isOwner && index < videos.length - 1 ? () => move(index, index + 1) : undefined}
                  ordering={isOwner}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('playlists.deleteConfirm')}
        description={t('playlists.cannotUndo')}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={pendingRemoval !== null}
        onOpenChange={(open) => {
          if (!open) setPendingRemoval(null);
        }}
        title={t('playlistDetail.removeConfirm')}
        description={t('playlistDetail.removeDescription')}
        onConfirm={() => {
          if (pendingRemoval) confirmRemoval(pendingRemoval);
        }}
      />
    </div>
  );
}
