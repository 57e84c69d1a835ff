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

export function Img({ src, fallback, alt = '', onError, srcSet, sizes, ...props }: ImgProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : DEFAULT_IMAGES[fallback];
  // The default image replaces the `srcset` too (the browser would keep choosing among its copies).
  const own = usable === src;
  return (
    <img
      {...props}
      alt={alt}
      srcSet={own ? srcSet : undefined}
      sizes={own && srcSet ? sizes : undefined}
      src={usable}
      onError={(event) => {
        // Only swap once, so a broken default cannot loop.
        if (usable !== DEFAULT_IMAGES[fallback]) setFailedSrc(usable);
        onError?.(event);
      }}
    />
  );
}
