import type { Readable } from 'node:stream';

/** How a stored file may be cached by browsers and CDNs (S3 keeps it with the object). */
export interface PutOptions {
  cacheControl?: string;
}

/**
 * `signal` abandons a call part way (a deleted video, a stopping worker, a job past its expiry):
 * it rejects with an AbortError, and what it had written may be left for a later clean-up.
 */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface StoredRead {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where media files live. Keys are relative paths such as `avatars/<id>.webp` or
 * `videos/<id>/720p/seg_00001.m4s` (layout in docs/deploy.md, "Storage"). Rows hold keys, never
 * URLs; URLs are built per response (`publicUrl`, `signedUrl`). Two drivers: local disk (the
 * embedded default, served by the app) and S3-compatible object storage.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Moves a finished local file into storage under `key` (streamed, never read into memory). */
  putFile(key: string, localPath: string, opts?: PutOptions): Promise<void>;
  putBuffer(key: string, data: Buffer, opts?: PutOptions): Promise<void>;
  /** Copies a whole local directory under `prefix`; `cacheControl` per path relative to it. */
  putDirectory(
    prefix: string,
    localDir: string,
    opts?: CallOptions & { cacheControl?: (relativePath: string) => string },
  ): Promise<void>;
  /** Writes the object at `key` to a local file (streamed). */
  download(key: string, localPath: string, opts?: CallOptions): Promise<void>;
  /** The object's bytes as a stream; null when there is none. */
  read(key: string): Promise<StoredRead | null>;
  delete(key: string): Promise<void>;
  /** Removes every object under the folder `prefix` (`videos/<id>` removes `videos/<id>/…`). */
  deletePrefix(prefix: string, opts?: CallOptions): Promise<void>;
  /**
   * Moves every object under the folder `from` to the same names under `to`. Safe to repeat after
   * a crash part way: what is already moved stays, the rest follows; nothing under `from` is no error.
   */
  movePrefix(from: string, to: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key under the folder `prefix`, in no particular order. */
  list(prefix: string): Promise<string[]>;
  /** Absolute path for the local driver (served by the app); null where files are remote. */
  localPath(key: string): string | null;
  /** The URL of a public file (avatars, thumbnails, public videos): app path, bucket or CDN. */
  publicUrl(key: string): string;
  /** A short-lived URL that opens one private object; null where the app serves files itself. */
  signedUrl(key: string, expiresInSeconds: number): Promise<string | null>;
}

/** Joins a base URL (no trailing slash) and a key, each path segment escaped. */
export function joinUrl(base: string, key: string): string {
  return `${base.replace(/\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
