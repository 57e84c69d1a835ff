import { useEffect, useId, useState } from 'react';
import { Img } from '@/components/ui/img';

type ThumbnailPickerProps = {
  file: File | null;
  onChange: (file: File | null) => void;
  label?: string;
  /** Shown until a file is chosen (the current thumbnail on the edit screen). */
  currentSrc?: string;
  required?: boolean;
  disabled?: boolean;
};

export const fileInputClasses =
  'max-w-full text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-raised file:px-4 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-hover focus-visible:outline-2 focus-visible:outline-sky-400';

/** Image-only thumbnail input with a 16:9 live preview. */
export function ThumbnailPicker({ file, onChange, label = 'Thumbnail', currentSrc, required, disabled }: ThumbnailPickerProps) {
  const id = useId();
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
        {label}
      </label>
      <input
        id={id}
        name="thumbnail"
        type="file"
        accept="image/*"
        required={required}
        disabled={disabled}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className={fileInputClasses}
      />
      {showPreview ? (
        <Img
          src={preview ?? currentSrc}
          fallback="thumbnail"
          alt={preview ? 'Thumbnail preview' : 'Current thumbnail'}
          className="aspect-video w-full max-w-sm rounded-xl border border-line object-cover"
        />
      ) : null}
    </div>
  );
}
