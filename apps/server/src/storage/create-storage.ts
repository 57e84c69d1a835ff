import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { bucketBaseUrl, createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The driver STORAGE_DRIVER names, with the public base URL (MEDIA_PUBLIC_BASE_URL) applied. */
export function createStorage(config: Config): Storage {
  const { driver, s3, publicBaseUrl } = config.storage;
  if (driver === 's3') return createS3Storage({ ...s3!, publicBaseUrl });
  return createLocalStorage(config.mediaDir, publicBaseUrl);
}

/**
 * Origins other than the app's own that browsers fetch media from: the CDN of
 * MEDIA_PUBLIC_BASE_URL, and the bucket (public objects without a CDN, presigned exclusive
 * segments). The Content-Security-Policy allows them for images, media and player requests.
 */
export function mediaOrigins(config: Pick<Config, 'storage'>): string[] {
  const { driver, s3, publicBaseUrl } = config.storage;
  const origins = new Set<string>();
  if (publicBaseUrl && /^https?:\/\//.test(publicBaseUrl)) origins.add(new URL(publicBaseUrl).origin);
  if (driver === 's3') origins.add(new URL(bucketBaseUrl(s3!)).origin);
  return [...origins];
}
