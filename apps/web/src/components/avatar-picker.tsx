import { useTranslation } from '@/i18n/use-translation';
import { useEffect, useId, useRef, useState } from 'react';
import { drawAvatar, placeFile } from '@/lib/canvas-file';
import { Button } from './ui/button';
import { Img } from './ui/img';

type AvatarPickerProps = {
  file: File | null;
  onChange: (file: File | null) => void;
  label?: string;
  /** Shown until a file is chosen (e.g. the current avatar). */
  currentSrc?: string;
  required?: boolean;
  /** Offers 'Generate avatar': the initials of this name on a colour, placed in the field in one click. */
  generateFrom?: () => string;
};

/** Image-only avatar input with a live preview. */
export function AvatarPicker({ file, onChange, label, currentSrc, required = false, generateFrom }: AvatarPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  async function generate() {
    try {
      const file = await drawAvatar(generateFrom?.() ?? '');
      placeFile(input.current, file);
      onChange(file);
    } catch (e) {
      console.error('Could not draw an avatar', e);
    }
  }
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
        alt={preview ? t('avatarPicker.preview') : ''}
        className="h-16 w-16 shrink-0 rounded-full border border-line object-cover"
      />
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-zinc-200">
          {label ?? t('avatarPicker.label')}
        </label>
        <input
          ref={input}
          id={id}
          name="avatar"
          type="file"
          accept="image/*"
          required={required}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          className="max-w-full text-sm text-muted file:me-3 file:rounded-full file:border-0 file:bg-raised file:px-4 file:py-2 file:text-sm file:font-medium file:text-fg hover:file:bg-hover"
        />
        {generateFrom ? (
          <Button variant="secondary" size="sm" className="self-start" onClick={() => void generate()}>
            {t('avatarPicker.generate')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** accept="image/*" is only a hint to the picker; check the chosen file too. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}
