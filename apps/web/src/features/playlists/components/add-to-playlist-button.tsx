import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { CheckIcon, PlaylistIcon } from '@/components/ui/icons';
import { Img } from '@/components/ui/img';
import { Spinner } from '@/components/ui/spinner';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { toastError, toastSuccess } from '@/lib/toast';
import { addVideoToPlaylist, useAddVideoToPlaylist } from '../api/add-video-to-playlist';
import { useCreatePlaylist } from '../api/create-playlist';
import { createPlaylistBody, emptyPlaylistForm, playlistFormError } from '../playlist-form';
import { useUserPlaylists } from '../api/get-user-playlists';
import { ExclusiveMarker } from './exclusive-marker';

/** The list inside 'Select a Playlist': the viewer's own playlists; loaded when the modal opens. */
function PlaylistPicker({ videoId, userId, onAdded }: { videoId: string; userId: string; onAdded: () => void }) {
  const { t } = useTranslation();
  const playlists = useUserPlaylists(userId);
  const add = useAddVideoToPlaylist(videoId);

  if (playlists.isPending) {
    return (
      <div role="status" className="mt-4 flex items-center gap-3 text-muted">
        <Spinner className="h-5 w-5" />
        {t('playlists.loadingData')}
      </div>
    );
  }
  if (playlists.isError) {
    return (
      <p role="alert" className="mt-4 text-muted">
        {errorText(playlists.error, t('playlists.loadFailed'))}
      </p>
    );
  }
  if (playlists.data.length === 0) return <p className="mt-4 text-muted">{t('playlists.noneInPicker')}</p>;

  return (
    <ul aria-label={t('playlists.yourPlaylists')} className="mt-4 flex max-h-[60dvh] flex-col gap-1 overflow-y-auto">
      {playlists.data.map((playlist) => {
        const added = playlist.videos.includes(videoId);
        const adding = add.isPending && add.variables === playlist._id;
        return (
          <li key={playlist._id}>
            <button
              type="button"
              disabled={added || add.isPending}
              aria-describedby={added ? `added-${playlist._id}` : undefined}
              onClick={() =>
                add.mutate(playlist._id, {
                  onSuccess: () => {
                    toastSuccess(t('playlists.success'));
                    onAdded();
                  },
                  onError: (e) => {
                    console.error('Could not add the video to the playlist', e);
                    toastError(errorText(e, t('playlists.error')));
                  },
                })
              }
              className="flex w-full items-center gap-3 rounded-xl p-2 text-start transition-colors hover:bg-hover disabled:cursor-not-allowed disabled:hover:bg-transparent"
            >
              <Img
                src={playlist.poster?.thumbnail}
                fallback="poster"
                alt=""
                className="aspect-video w-20 shrink-0 rounded-lg object-cover"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{playlist.name}</span>
                <span className="text-xs text-muted">{t('playlists.videoCount', { count: playlist.videos.length })}</span>
              </span>
              {playlist.isExclusive ? <ExclusiveMarker className="shrink-0" /> : null}
              {adding ? <Spinner className="h-5 w-5 shrink-0" /> : null}
              {added ? (
                <span id={`added-${playlist._id}`} className="flex shrink-0 items-center gap-1 text-xs text-muted">
                  <CheckIcon />
                  {t('playlists.added')}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * 'New playlist' inside 'Select a Playlist': a name and a description make a playlist and the
 * video is added to it at once, so an empty list is no dead end.
 */
function NewPlaylistInPicker({ videoId, onAdded }: { videoId: string; onAdded: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePlaylist();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(emptyPlaylistForm);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problem = playlistFormError(form, t);
    if (problem) return setError(problem);
    setError(null);
    setSaving(true);
    try {
      const playlist = await create.mutateAsync(createPlaylistBody(form));
      await addVideoToPlaylist(videoId, playlist._id);
      toastSuccess(t('playlists.success'));
      onAdded();
    } catch (e) {
      console.error('Could not create the playlist with the video', e);
      setError(errorText(e, t('playlists.createFailed')));
    } finally {
      setSaving(false);
    }
  }

  if (!open) {
    return (
      <Button variant="secondary" className="mt-4 w-full" onClick={() => setOpen(true)}>
        <PlaylistIcon />
        {t('playlists.newPlaylist')}
      </Button>
    );
  }
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-busy={saving}
      aria-label={t('playlists.newPlaylist')}
      className="mt-4 flex flex-col gap-3 border-t border-line pt-4"
    >
      <fieldset disabled={saving} className="flex flex-col gap-3">
        <TextField
          label={t('playlists.name')}
          name="name"
          required
          autoFocus
          autoComplete="off"
          maxLength={PLAYLIST_NAME_MAX}
          value={form.name}
          onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
        />
        <TextareaField
          label={t('playlists.description')}
          name="description"
          required
          maxLength={PLAYLIST_DESCRIPTION_MAX}
          value={form.description}
          onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
        />
      </fieldset>
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" disabled={saving} onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('playlists.creating') : t('playlists.createAndAdd')}
        </Button>
      </div>
    </form>
  );
}

/** The watch page's 'Add' button and its 'Select a Playlist' modal (SPEC §2). */
export function AddToPlaylistButton({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <PlaylistIcon />
        {t('playlists.add')}
      </Button>
      <DialogContent title={t('playlists.selectPlaylist')}>
        {user ? (
          <>
            <PlaylistPicker videoId={videoId} userId={user._id} onAdded={() => setOpen(false)} />
            <NewPlaylistInPicker videoId={videoId} onAdded={() => setOpen(false)} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
