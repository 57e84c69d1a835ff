/**
 * Where media files live. Keys are relative paths such as `avatars/<id>.webp` or
 * `videos/<id>/720p/seg_00001.m4s`. The local-disk driver is the embedded default; an
 * S3-compatible driver implements the same interface at scale.
 */
export interface Storage {
  /** Moves (or copies) a finished local file into storage under `key`. */
  putFile(key: string, localPath: string): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  /** Copies a whole local directory under `prefix`. */
  putDirectory(prefix: string, localDir: string): Promise<void>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Absolute path for the local driver (served by the app); null where files are remote. */
  localPath(key: string): string | null;
  /** The URL the web app uses for a public file. */
  publicUrl(key: string): string;
}
