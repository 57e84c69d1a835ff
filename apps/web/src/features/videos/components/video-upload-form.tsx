import { useTranslation } from '@/i18n/use-translation';
import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from '@streamhub/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { ExclusivePriceFields } from '@/components/exclusive-price-fields';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { useUploadVideo } from '../api/upload-video';
import { isResumableUpload, unfinishedUploads } from '../api/resumable-upload';
import {
  clearUploadDraft,
  emptyUploadForm,
  loadUploadDraft,
  saveUploadDraft,
  secondsLeft,
  uploadFormError,
  uploadPercent,
  type UploadForm,
  type UploadProgress,
} from '../video-upload';
import { fileInputClasses, ThumbnailPicker } from './thumbnail-picker';
import { ScheduleField } from './schedule-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { VisibilitySelect } from '@/components/ui/visibility-select';
import { UploadProgressPanel } from './upload-progress';

type VideoUploadFormProps = { onCancel: () => void; onUploaded: () => void };

/** SPEC §2 /video/new; §5 upload rules. */
export function VideoUploadForm({ onCancel, onUploaded }: VideoUploadFormProps) {
  const { t } = useTranslation();
  const upload = useUploadVideo();
  const [form, setForm] = useState<UploadForm>(emptyUploadForm);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [now, setNow] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const videoInputId = useId();
  const uploading = upload.isPending;
  const [resumed, setResumed] = useState(false);
  /** An upload this browser left unfinished (a reload, a closed tab): its file name. */
  const [unfinished, setUnfinished] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void unfinishedUploads().then((previous) => {
      const name = previous[0]?.metadata.filename;
      if (!live || !name) return;
      setUnfinished(name);
      const draft = loadUploadDraft();
      if (draft) setForm((f) => ({ ...f, ...draft }));
    });
    return () => {
      live = false;
    };
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = uploadFormError(form, t);
    if (problem) return setError(problem);
    setError(null);
    let startedAt = Date.now();
    let resumedFrom = 0;
    setProgress({ loaded: 0, total: form.videoFile?.size ?? 0, startedAt });
    setNow(startedAt);
    abort.current = new AbortController();
    // Only a resumable upload can go on after a reload; its details come back with it.
    if (form.videoFile && isResumableUpload(form.videoFile)) saveUploadDraft(form);
    try {
      await upload.mutateAsync({
        form,
        signal: abort.current.signal,
        onStart: (offset) => {
          // An earlier upload of this file reached `offset`: the time left counts from here.
          startedAt = Date.now();
          resumedFrom = offset;
          setResumed(offset > 0);
        },
        onProgress: ({ loaded, total }) => {
          setProgress({ loaded, total, startedAt, resumedFrom });
          setNow(Date.now());
        },
      });
      clearUploadDraft();
      onUploaded();
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setError(errorText(e, t('videoForm.uploadFailed')));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  function handleCancel() {
    abort.current?.abort();
    onCancel();
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={uploading} className="flex flex-col gap-5">
      {unfinished && !uploading ? (
        <p role="note" className="rounded-xl border border-line bg-panel p-3 text-sm" data-testid="upload-resume-note">
          {t('videoForm.unfinishedBefore')} <strong>{unfinished}</strong> {t('videoForm.unfinishedAfter')}
        </p>
      ) : null}
      <fieldset disabled={uploading} className="flex flex-col gap-5">
        <TextField
          label={t('videoForm.title')}
          maxLength={VIDEO_TITLE_MAX}
          name="title"
          required
          value={form.title}
          onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
        />
        <TextareaField
          label={t('videoForm.description')}
          maxLength={VIDEO_DESCRIPTION_MAX}
          name="description"
          required
          value={form.description}
          onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
        />
        <VisibilitySelect value={form.visibility} onChange={(visibility) => setForm((f) => ({ ...f, visibility }))} />
        <ExclusivePriceFields
          switchLabel={t('videoForm.exclusive')}
          priceLabel={t('videoForm.price')}
          isExclusive={form.isExclusive}
          price={form.price}
          min={0}
          hint={t('videoForm.priceHint')}
          onExclusiveChange={(isExclusive) => setForm((f) => ({ ...f, isExclusive }))}
          onPriceChange={(price) => setForm((f) => ({ ...f, price }))}
        />
        <div className="rounded-xl border border-line p-4">
          <Switch
            label={t('videoForm.membersOnly')}
            checked={form.membersOnly}
            onChange={(membersOnly) => setForm((f) => ({ ...f, membersOnly }))}
          />
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor={videoInputId} className="text-sm font-medium text-zinc-200">
            {t('videoForm.videoFile')}
          </label>
          <input
            id={videoInputId}
            name="videoFile"
            type="file"
            accept="video/*"
            required
            onChange={(e) => setForm((f) => ({ ...f, videoFile: e.target.files?.[0] ?? null }))}
            className={fileInputClasses}
          />
        </div>
        <ThumbnailPicker
          required
          file={form.thumbnail}
          videoFile={form.videoFile}
          onChange={(thumbnail) => setForm((f) => ({ ...f, thumbnail }))}
        />
        <ScheduleField value={form.publishAt} onChange={(publishAt) => setForm((f) => ({ ...f, publishAt }))} />
      </fieldset>
      {uploading && progress ? (
        <UploadProgressPanel percent={uploadPercent(progress)} secondsLeft={secondsLeft(progress, now)} resumed={resumed} />
      ) : null}
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={handleCancel}>
          {t('videoForm.cancel')}
        </Button>
        <Button type="submit" disabled={uploading}>
          {uploading ? t('videoForm.uploading') : t('videoForm.upload')}
        </Button>
      </div>
    </form>
  );
}
