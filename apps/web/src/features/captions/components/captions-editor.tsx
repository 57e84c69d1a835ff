import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField, inputClasses } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { useCaptions, useDeleteCaptions, useUploadCaptions } from '../api/captions';

/** What the file picker offers; the server decides by content (WebVTT or SRT), not by name. */
const ACCEPT = '.vtt,.srt,text/vtt,application/x-subrip,text/plain';

/**
 * The owner's captions on the edit page (API.md §16): the video's tracks with Delete, and a form
 * that uploads a WebVTT or SRT file for a language (a second file for a language replaces it).
 */
export function CaptionsEditor({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const captions = useCaptions(videoId);
  const upload = useUploadCaptions(videoId);
  const remove = useDeleteCaptions(videoId);
  const [language, setLanguage] = useState('');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const headingId = useId();

  async function handleUpload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!language.trim()) return setError(t('captionsEditor.languageRequired'));
    if (!file) return setError(t('captionsEditor.fileRequired'));
    setError(null);
    try {
      const saved = await upload.mutateAsync({ videoId, language: language.trim(), label, file });
      toastSuccess(t('captionsEditor.saved', { label: saved.label }));
      setLanguage('');
      setLabel('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (e) {
      setError(errorText(e, t('captionsEditor.uploadFailed')));
    }
  }

  async function handleDelete(trackLanguage: string) {
    setError(null);
    try {
      await remove.mutateAsync({ videoId, language: trackLanguage });
    } catch (e) {
      setError(errorText(e, t('captionsEditor.deleteFailed')));
    }
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 border-t border-line pt-6" data-testid="captions-editor">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('captionsEditor.title')}
      </h2>
      {captions.isError ? <FormError message={errorText(captions.error, t('captionsEditor.loadFailed'))} /> : null}
      {captions.data && captions.data.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {captions.data.map((track) => (
            <li key={track.language} className="flex items-center justify-between gap-3 rounded-lg border border-line px-3 py-2">
              <span className="text-sm">
                {track.label} <span className="text-muted">({track.language})</span>
              </span>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={busy}
                aria-label={t('captionsEditor.deleteTrack', { label: track.label })}
                onClick={() => void handleDelete(track.language)}
              >
                {t('captionsEditor.delete')}
              </Button>
            </li>
          ))}
        </ul>
      ) : captions.data ? (
        <p className="text-sm text-muted">{t('captionsEditor.empty')}</p>
      ) : null}
      <form onSubmit={handleUpload} noValidate aria-busy={upload.isPending} className="flex flex-col gap-4">
        <fieldset disabled={busy} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('captionsEditor.language')}
              name="language"
              placeholder={t('captionsEditor.languagePlaceholder')}
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
              hint={t('captionsEditor.languageHint')}
            />
            <TextField label={t('captionsEditor.label')} name="label" value={label} onChange={(e) => setLabel(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={fileId} className="text-sm font-medium text-zinc-200">
              {t('captionsEditor.file')}
            </label>
            <input
              ref={fileInput}
              id={fileId}
              name="file"
              type="file"
              accept={ACCEPT}
              className={`${inputClasses} py-2`}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <FormError message={error} />
          <div>
            <Button type="submit" variant="secondary">
              {upload.isPending ? t('captionsEditor.uploading') : t('captionsEditor.upload')}
            </Button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
