import { PLAYLIST_DESCRIPTION_MAX, type Visibility } from '@streamhub/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { useUpdatePlaylist } from '../api/update-playlist';
import { TextareaField } from '@/components/ui/textarea-field';
import { VisibilitySelect } from '@/components/ui/visibility-select';

type PlaylistEditFormProps = {
  playlist: { _id: string; name: string; description: string; visibility: Visibility };
  onDone: () => void;
};

/** The detail's edit mode: name and description, 'Save changes' or Cancel (SPEC §2, §5). */
export function PlaylistEditForm({ playlist, onDone }: PlaylistEditFormProps) {
  const { t } = useTranslation();
  const update = useUpdatePlaylist(playlist._id);
  const [name, setName] = useState(playlist.name);
  const [description, setDescription] = useState(playlist.description);
  const [visibility, setVisibility] = useState<Visibility>(playlist.visibility);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = {
      name: name.trim(),
      description: description.trim(),
      ...(visibility !== playlist.visibility ? { visibility } : {}),
    };
    if (!changes.name) return setError(t('playlistForm.nameRequired'));
    if (changes.name === playlist.name && changes.description === playlist.description && !changes.visibility) return onDone();
    setError(null);
    try {
      await update.mutateAsync(changes);
      toastSuccess(t('playlists.success'));
      onDone();
    } catch (e) {
      console.error('Could not update the playlist', e);
      setError(errorText(e, t('playlistEdit.updateFailed')));
    }
  }

  const saving = update.isPending;
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-busy={saving}
      aria-label={t('playlistEdit.label')}
      className="flex flex-col gap-4"
    >
      <fieldset disabled={saving} className="flex flex-col gap-4">
        <TextField
          label={t('playlists.name')}
          name="name"
          required
          autoFocus
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextareaField
          label={t('playlists.description')}
          maxLength={PLAYLIST_DESCRIPTION_MAX}
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <VisibilitySelect value={visibility} onChange={setVisibility} />
      </fieldset>
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('playlistEdit.saving') : t('playlistEdit.save')}
        </Button>
      </div>
    </form>
  );
}
