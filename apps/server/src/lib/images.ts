import sharp from 'sharp';
import { UnsupportedMedia } from './errors.ts';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);

/**
 * Decodes the bytes (never trusting the declared type), then re-encodes to WebP at a bounded size.
 * Anything sharp cannot read as a raster image is refused with 415.
 */
export async function normaliseImage(
  input: string | Buffer,
  size: { width: number; height: number; fit: 'cover' | 'inside' },
): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw new UnsupportedMedia('File must be an image');
  try {
    return await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ ...size, withoutEnlargement: size.fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UnsupportedMedia('File must be an image');
  }
}

export const AVATAR_SIZE = { width: 256, height: 256, fit: 'cover' } as const;
export const THUMBNAIL_SIZE = { width: 1280, height: 720, fit: 'inside' } as const;
