import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_MIN_PRICE, PLAYLIST_NAME_MAX } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { PlaylistIcon } from '@/components/ui/icons';
import { ExclusivePriceFields } from '@/components/exclusive-price-fields';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { useCreatePlaylist } from '../api/create-playlist';
import { createPlaylistBody, emptyPlaylistForm, playlistFormError, type PlaylistForm } from '../playlist-form';
import { TextareaField } from '@/components/ui/textarea-field';
import { VisibilitySelect } from '@/components/ui/visibility-select';

/** 'New Playlist' and its 'Create New Playlist' modal (SPEC §2, §5). */
export function CreatePlaylistDialog() {
  const { t } = useTranslation();
  const create = useCreatePlaylist();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<PlaylistForm>(emptyPlaylistForm);
  const [error, setError] = useState<string | null>(null);

  function changeOpen(next: boolean) {
    if (create.isPending) return;
    setOpen(next);
    if (!next) {
      setForm(emptyPlaylistForm());
      setError(null);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = playlistFormError(form, t);
    if (problem) return setError(problem);
    setError(null);
    try {
      await create.mutateAsync(createPlaylistBody(form));
      toastSuccess(t('playlists.success'));
      setOpen(false);
      setForm(emptyPlaylistForm());
    } catch (e) {
      console.error('Could not create the playlist', e);
      setError(errorText(e, t('playlists.createFailed')));
    }
  }

  const saving = create.isPending;
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button>
          <PlaylistIcon />
          {t('createPlaylist.open')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('createPlaylist.title')} className="max-w-lg">
        <form onSubmit={handleSubmit} noValidate aria-busy={saving} className="mt-5 flex flex-col gap-4">
          <fieldset disabled={saving} className="flex flex-col gap-4">
            <TextField
              label={t('playlists.name')}
              maxLength={PLAYLIST_NAME_MAX}
              name="name"
              required
              autoComplete="off"
              value={form.name}
              onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
            />
            <TextareaField
              label={t('playlists.description')}
              maxLength={PLAYLIST_DESCRIPTION_MAX}
              name="description"
              required
              value={form.description}
              onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
            />
            <VisibilitySelect
              value={form.visibility ?? 'public'}
              onChange={(visibility) => setForm((f) => ({ ...f, visibility }))}
            />
            <ExclusivePriceFields
              switchLabel={t('playlists.exclusivePlaylist')}
              priceLabel={t('createPlaylist.price')}
              isExclusive={form.isExclusive}
              price={form.price}
              min={PLAYLIST_MIN_PRICE}
              hint={t('createPlaylist.priceHint', { min: PLAYLIST_MIN_PRICE })}
              onExclusiveChange={(isExclusive) => setForm((f) => ({ ...f, isExclusive }))}
              onPriceChange={(price) => setForm((f) => ({ ...f, price }))}
            />
          </fieldset>
          <FormError message={error} />
          <div className="flex justify-end gap-3">
            <DialogClose asChild>
              <Button variant="secondary" disabled={saving}>
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={saving}>
              {saving ? t('playlists.creating') : t('createPlaylist.create')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
