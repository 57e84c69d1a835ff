import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { THUMBNAIL_CARD_WIDTH, THUMBNAIL_WIDTH } from '@streamhub/contract';
import { UnsupportedMedia } from './errors.ts';

/** Raster formats by their bytes (file-type's `ext`): no SVG, PDF or other format that names other files. */
const SNIFFED = new Set(['jpg', 'png', 'apng', 'webp', 'gif', 'avif', 'tif', 'heic']);
/** The same formats as sharp names them once decoded. */
const DECODED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);
const LIMITS = { limitInputPixels: 50_000_000 };
const NOT_AN_IMAGE = 'File must be an image';

/**
 * Sniffs the bytes (never trusting the name or declared type), decodes them with sharp, then
 * re-encodes to WebP at a bounded size. Only the sniffed raster formats ever reach a decoder;
 * anything else, or anything sharp cannot decode, is refused with 415.
 */
export async function normaliseImage(
  input: string | Buffer,
  size: { width: number; height: number; fit: 'cover' | 'inside' },
): Promise<Buffer> {
  const sniffed = await (typeof input === 'string' ? fileTypeFromFile(input) : fileTypeFromBuffer(input)).catch(() => undefined);
  if (!sniffed || !SNIFFED.has(sniffed.ext)) throw new UnsupportedMedia(NOT_AN_IMAGE);
  let format: string | undefined;
  try {
    format = (await sharp(input, LIMITS).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !DECODED.has(format)) throw new UnsupportedMedia(NOT_AN_IMAGE);
  try {
    return await sharp(input, LIMITS)
      .rotate()
      .resize({ ...size, withoutEnlargement: size.fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UnsupportedMedia(NOT_AN_IMAGE);
  }
}

/**
 * The card copy (@streamhub/contract THUMBNAIL_CARD_WIDTH wide) of a normalised thumbnail: a
 * phone's card is its screen's width but 32 CSS px (~360 px), which a screen of two device pixels
 * per CSS pixel fills with 720; so do a tablet's two columns and a laptop's three. A third of a
 * 1280 px thumbnail's pixels. Null when the thumbnail (`normaliseImage`'s WebP) is no wider.
 */
export async function thumbnailCardCopy(image: Buffer): Promise<Buffer | null> {
  const { width } = await sharp(image, LIMITS).metadata();
  if (!width || width <= THUMBNAIL_CARD_WIDTH) return null;
  return sharp(image, LIMITS).resize({ width: THUMBNAIL_CARD_WIDTH }).webp({ quality: 82 }).toBuffer();
}

export const AVATAR_SIZE = { width: 256, height: 256, fit: 'cover' } as const;
export const THUMBNAIL_SIZE = { width: THUMBNAIL_WIDTH, height: 720, fit: 'inside' } as const;
