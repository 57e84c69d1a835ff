import { useTranslation } from '@/i18n/use-translation';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Img } from '@/components/ui/img';
import { drawFrame, placeFile } from '@/lib/canvas-file';
import { formatSecondsDecimal } from '@/lib/formatters';

type ThumbnailPickerProps = {
  file: File | null;
  onChange: (file: File | null) => void;
  label?: string;
  /** Shown until a file is chosen (the current thumbnail on the edit screen). */
  currentSrc?: string;
  required?: boolean;
  disabled?: boolean;
  /** The video being uploaded: offers 'Choose a frame from the video' (the frame drawn in the browser becomes the thumbnail). */
  videoFile?: File | null;
};

export const fileInputClasses =
  'max-w-full text-sm text-muted file:me-3 file:rounded-full file:border-0 file:bg-raised file:px-4 file:py-2 file:text-sm file:font-medium file:text-fg hover:file:bg-hover focus-visible:outline-2 focus-visible:outline-sky-400';

/** Image-only thumbnail input with a 16:9 live preview. */
export function ThumbnailPicker({ file, onChange, label, currentSrc, required, disabled, videoFile }: ThumbnailPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const showPreview = Boolean(preview ?? currentSrc);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label ?? t('thumbnailPicker.label')}
      </label>
      <input
        ref={input}
        id={id}
        name="thumbnail"
        type="file"
        accept="image/*"
        required={required}
        disabled={disabled}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className={fileInputClasses}
      />
      {videoFile ? (
        <FrameChooser
          videoFile={videoFile}
          disabled={disabled}
          onChosen={(frame) => {
            placeFile(input.current, frame);
            onChange(frame);
          }}
        />
      ) : null}
      {showPreview ? (
        <Img
          src={preview ?? currentSrc}
          fallback="thumbnail"
          alt={preview ? t('thumbnailPicker.preview') : t('thumbnailPicker.current')}
          className="aspect-video w-full max-w-sm rounded-xl border border-line object-cover"
        />
      ) : null}
    </div>
  );
}

/** 'Choose a frame from the video': the chosen file plays in a <video>, a slider seeks, the frame is drawn to a canvas. */
function FrameChooser({
  videoFile,
  disabled,
  onChosen,
}: {
  videoFile: File;
  disabled?: boolean;
  onChosen: (frame: File) => void;
}) {
  const { t } = useTranslation();
  const sliderId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [duration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const url = URL.createObjectURL(videoFile);
    setSrc(url);
    setTime(0);
    setProblem(null);
    return () => {
      URL.revokeObjectURL(url);
      setSrc(null);
    };
  }, [open, videoFile]);

  async function chooseFrame() {
    const element = video.current;
    if (!element || element.readyState < 2) return setProblem(t('thumbnailPicker.stillLoading'));
    try {
      onChosen(await drawFrame(element));
      setProblem(null);
    } catch {
      setProblem(t('thumbnailPicker.drawFailed'));
    }
  }

  if (!open) {
    return (
      <Button variant="secondary" size="sm" className="self-start" disabled={disabled} onClick={() => setOpen(true)}>
        {t('thumbnailPicker.chooseFrame')}
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line p-3" data-testid="frame-chooser">
      {src ? (
        <video
          ref={video}
          src={src}
          muted
          playsInline
          preload="auto"
          aria-label={t('thumbnailPicker.videoLabel')}
          className="aspect-video w-full max-w-sm rounded-lg bg-black"
          onLoadedMetadata={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
          onError={() => setProblem(t('thumbnailPicker.cannotPlay'))}
        />
      ) : null}
      <label htmlFor={sliderId} className="text-sm text-zinc-200">
        {t('thumbnailPicker.frameAt', { time: formatSecondsDecimal(time) })}
      </label>
      <input
        id={sliderId}
        type="range"
        min={0}
        max={duration || 0}
        step={0.1}
        value={time}
        disabled={disabled || !duration}
        onChange={(e) => {
          const t = Number(e.target.value);
          setTime(t);
          if (video.current) video.current.currentTime = t;
        }}
        className="w-full max-w-sm accent-sky-400"
      />
      {problem ? (
        <p role="alert" className="text-sm text-red-400">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button size="sm" disabled={disabled} onClick={() => void chooseFrame()}>
          {t('thumbnailPicker.useFrame')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setOpen(false)}>
          {t('thumbnailPicker.close')}
        </Button>
      </div>
    </div>
  );
}
