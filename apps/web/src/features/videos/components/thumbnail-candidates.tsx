import { useTranslation } from '@/i18n/use-translation';
import { useId } from 'react';
import { Img } from '@/components/ui/img';
import { useThumbnailCandidates } from '../api/get-thumbnail-candidates';

type ThumbnailCandidatesProps = {
  videoId: string;
  /** The picked frame's index, null: none picked (the thumbnail stays as it is). */
  value: number | null;
  onChange: (index: number) => void;
};

/**
 * The frames the server picked after the transcode (API.md §22), as a group of radio buttons:
 * arrow keys move between them, and saving the form makes the picked one the thumbnail.
 * Nothing is shown while there are none (a video still processing, or an older one).
 */
export function ThumbnailCandidates({ videoId, value, onChange }: ThumbnailCandidatesProps) {
  const { t } = useTranslation();
  const id = useId();
  const candidates = useThumbnailCandidates(videoId);
  const urls = candidates.data ?? [];
  if (urls.length === 0) return null;
  return (
    <fieldset role="radiogroup" aria-labelledby={`${id}-legend`} className="flex flex-col gap-2">
      <legend id={`${id}-legend`} className="mb-2 text-sm font-medium">
        {t('thumbnailCandidates.legend')}
      </legend>
      <div className="grid grid-cols-3 gap-3">
        {urls.map((url, index) => (
          <label key={url} className="group relative flex cursor-pointer flex-col gap-1 text-sm">
            <input
              type="radio"
              name={`${id}-candidate`}
              value={index}
              checked={value === index}
              onChange={() => onChange(index)}
              className="peer sr-only"
            />
            <Img
              src={url}
              fallback="thumbnail"
              alt=""
              className="aspect-video w-full rounded-lg border-2 border-line object-cover peer-checked:border-sky-400 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-400"
            />
            <span className={value === index ? 'font-semibold' : 'text-muted'}>
              {t('thumbnailCandidates.frame', { n: index + 1 })}
              {value === index ? t('thumbnailCandidates.picked') : ''}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
