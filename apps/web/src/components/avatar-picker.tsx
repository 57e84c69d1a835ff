import { useEffect, useId, useState } from 'react';
import { Img } from './ui/img';

type AvatarPickerProps = {
  file: File | null;
  onChange: (file: File | null) => void;
  label?: string;
  /** Shown until a file is chosen (e.g. the current avatar). */
  currentSrc?: string;
  required?: boolean;
};

/** Image-only avatar input with a live preview. */
export function AvatarPicker({ file, onChange, label = 'Avatar', currentSrc, required = false }: AvatarPickerProps) {
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

  return (
    <div className="flex items-center gap-4">
      <Img
        src={preview ?? currentSrc}
        fallback="avatar"
        alt={preview ? 'Avatar preview' : ''}
        className="h-16 w-16 shrink-0 rounded-full border border-line object-cover"
      />
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-zinc-200">
          {label}
        </label>
        <input
          id={id}
          name="avatar"
          type="file"
          accept="image/*"
          required={required}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          className="max-w-full text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-raised file:px-4 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-hover"
        />
      </div>
    </div>
  );
}

/** accept="image/*" is only a hint to the picker; check the chosen file too. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}
