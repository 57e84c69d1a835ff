import { useTranslation } from '@/i18n/use-translation';
import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from '@streamhub/contract';
import { useState, type FormEvent } from 'react';
import { Switch } from '@/components/ui/switch';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { useUpdateVideo } from '../api/update-video';
import type { VideoDetails } from '@streamhub/contract';
import { hasVideoEditChanges, videoEditChanges, type VideoEditForm } from '../video-edit';
import { isImageFile } from '../video-upload';
import { TextareaField } from '@/components/ui/textarea-field';
import { VisibilitySelect } from '@/components/ui/visibility-select';
import { ThumbnailPicker } from './thumbnail-picker';
import { ThumbnailCandidates } from './thumbnail-candidates';
import { ScheduleField } from './schedule-field';
import { scheduleError, scheduleInputValue } from '../schedule';

type VideoEditFormProps = {
  video: VideoDetails;
  onCancel: () => void;
  /** Called after a save, or straight away when nothing changed (SPEC §5). */
  onDone: (saved: boolean) => void;
};

/** SPEC §2 /video/edit/{videoId}. */
export function VideoEditFormView({ video, onCancel, onDone }: VideoEditFormProps) {
  const { t } = useTranslation();
  const update = useUpdateVideo();
  const [form, setForm] = useState<VideoEditForm>({
    title: video.title,
    description: video.description,
    thumbnail: null,
    thumbnailCandidate: null,
    publishAt: scheduleInputValue(video.publishAt),
    visibility: video.visibility,
    membersOnly: video.membersOnly ?? false,
  });
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.title.trim()) return setError(t('videoForm.titleBlank'));
    if (!form.description.trim()) return setError(t('videoForm.descriptionBlank'));
    if (form.thumbnail && !isImageFile(form.thumbnail)) return setError(t('videoForm.notImage'));
    const scheduleProblem = video.publishAt ? scheduleError(form.publishAt, t) : null;
    if (scheduleProblem) return setError(scheduleProblem);
    const changes = videoEditChanges(form, video);
    if (!hasVideoEditChanges(changes)) return onDone(false);
    setError(null);
    try {
      await update.mutateAsync({ videoId: video._id, changes });
      onDone(true);
    } catch (e) {
      setError(errorText(e, t('videoForm.updateFailed')));
    }
  }

  const saving = update.isPending;
  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={saving} className="flex flex-col gap-5">
      <fieldset disabled={saving} className="flex flex-col gap-5">
        <TextField
          label={t('videoForm.title')}
          maxLength={VIDEO_TITLE_MAX}
          name="title"
          value={form.title}
          onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
        />
        <TextareaField
          label={t('videoForm.description')}
          maxLength={VIDEO_DESCRIPTION_MAX}
          name="description"
          value={form.description}
          onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
        />
        <VisibilitySelect value={form.visibility ?? 'public'} onChange={(visibility) => setForm((f) => ({ ...f, visibility }))} />
        <div className="flex flex-col gap-1 rounded-xl border border-line p-4">
          <Switch
            label={t('money.membersOnlyEdit')}
            checked={form.membersOnly ?? false}
            onChange={(membersOnly) => setForm((f) => ({ ...f, membersOnly }))}
          />
          <p className="text-xs text-muted">{t('money.membersOnlyEditHint')}</p>
        </div>
        <ThumbnailPicker
          file={form.thumbnail}
          currentSrc={video.thumbnail}
          onChange={(thumbnail) => setForm((f) => ({ ...f, thumbnail }))}
        />
        <ThumbnailCandidates
          videoId={video._id}
          value={form.thumbnailCandidate ?? null}
          onChange={(thumbnailCandidate) => setForm((f) => ({ ...f, thumbnailCandidate }))}
        />
        {video.publishAt ? (
          <ScheduleField
            value={form.publishAt}
            onChange={(publishAt) => setForm((f) => ({ ...f, publishAt }))}
            hint={t('scheduleField.editHint')}
          />
        ) : null}
      </fieldset>
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('videoForm.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('videoForm.saving') : t('videoForm.save')}
        </Button>
      </div>
    </form>
  );
}
