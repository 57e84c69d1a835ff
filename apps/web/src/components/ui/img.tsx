import { useState, type ImgHTMLAttributes } from 'react';

/** Default images (SPEC §8: images that fail to load fall back to a default). */
export const DEFAULT_IMAGES = {
  avatar: '/images/default-avatar.svg',
  thumbnail: '/images/default-thumbnail.svg',
  poster: '/images/default-poster.svg',
} as const;

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  fallback: keyof typeof DEFAULT_IMAGES;
};

export function Img({ src, fallback, alt = '', onError, ...props }: ImgProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : DEFAULT_IMAGES[fallback];
  return (
    <img
      {...props}
      alt={alt}
      src={usable}
      onError={(event) => {
        // Only swap once, so a broken default cannot loop.
        if (usable !== DEFAULT_IMAGES[fallback]) setFailedSrc(usable);
        onError?.(event);
      }}
    />
  );
}
