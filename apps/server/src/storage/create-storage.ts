import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The driver STORAGE_DRIVER names, with the public base URL (MEDIA_PUBLIC_BASE_URL) applied. */
export function createStorage(config: Config): Storage {
  const { driver, s3, publicBaseUrl } = config.storage;
  if (driver === 's3') return createS3Storage({ ...s3!, publicBaseUrl });
  return createLocalStorage(config.mediaDir, publicBaseUrl);
}
