import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  CopyObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypeOf } from './content-type.ts';
import { joinUrl, type CallOptions, type PutOptions, type Storage } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Ceph…); AWS when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** CDN origin of the public prefixes; the bucket's own URL when absent. */
  publicBaseUrl?: string;
  /**
   * S3_TIMEOUT_SECONDS: how long one request may wait for its connection to open, and once open
   * for a byte either way, before it fails as unreachable storage (see s3ClientConfig).
   */
  timeoutMs: number;
}

/** Stored objects never change (new key per avatar or thumbnail; video folders are written once). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Multipart parts of 8 MiB, 4 in flight: a put holds at most ~32 MiB of a file in memory,
 * whatever its size.
 */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;
/** Files of a folder uploaded at once (segments are small; the MP4 is a multipart put of its own). */
const FOLDER_CONCURRENCY = 4;

/**
 * The client settings of every S3 client of the app (media storage, resumable uploads).
 *
 * The SDK sets no timeout of its own: a request to a bucket that stops answering without closing
 * the connection (a hung endpoint or load balancer, a half-open connection, a route that drops
 * packets) would wait forever, and whatever awaits it with it (a transcode, and the job loop
 * behind it). Here every request fails after `timeoutMs` without a connection or, once connected,
 * without a byte sent or received (TimeoutError, which isStorageUnreachable counts as an outage;
 * the SDK retries it, 3 attempts in all). Only silence is cut: an upload or download of any
 * length goes on while bytes move, and an idle pooled connection is not affected.
 */
export function s3ClientConfig(s: Omit<S3Settings, 'publicBaseUrl'>): S3ClientConfig {
  return {
    region: s.region,
    requestHandler: { connectionTimeout: s.timeoutMs, socketTimeout: s.timeoutMs },
    // S3-compatible services (s3rver, older MinIO, Ceph…) do not all read the SDK's default
    // aws-chunked bodies with trailing checksums: some store the framing as part of the object.
    // Against them, checksums only where the API requires them; AWS itself keeps the defaults.
    ...(s.endpoint
      ? { endpoint: s.endpoint, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    forcePathStyle: s.forcePathStyle,
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
  };
}

/** The bucket's own URL for public objects, as S3 addresses it (path or virtual-hosted style). */
export function bucketBaseUrl(s: Pick<S3Settings, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string {
  const endpoint = new URL(s.endpoint ?? `https://s3.${s.region}.amazonaws.com`);
  const base = endpoint.origin + endpoint.pathname.replace(/\/+$/, '');
  if (s.forcePathStyle) return `${base}/${s.bucket}`;
  return `${endpoint.protocol}//${s.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}`;
}

/**
 * An S3-compatible bucket. Puts stream from disk (multipart above one part), reads stream to the
 * caller; nothing is held in memory beyond the parts in flight. Content-Type comes from the key's
 * extension; objects are immutable unless the caller says otherwise.
 */
export function createS3Storage(
  settings: S3Settings,
  client = new S3Client(s3ClientConfig(settings)),
): Storage & { client: S3Client } {
  const Bucket = settings.bucket;
  const publicBase = settings.publicBaseUrl ?? bucketBaseUrl(settings);
  const folder = (prefix: string) => `${prefix.replace(/\/+$/, '')}/`;

  async function putStream(key: string, body: Readable | Buffer, opts: PutOptions & CallOptions = {}) {
    const { signal } = opts;
    signal?.throwIfAborted();
    // The Upload's own controller, aborted with the caller's signal (done() then rejects at once).
    const abortController = new AbortController();
    const abort = () => abortController.abort(signal?.reason);
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentTypeOf(key), CacheControl: opts.cacheControl ?? IMMUTABLE },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
        abortController,
      }).done();
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  }

  async function list(prefix: string, signal?: AbortSignal): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: folder(prefix), ContinuationToken }), {
        abortSignal: signal,
      });
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  /** Listed again until empty: a writer that was still uploading may have added objects. */
  async function deletePrefix(prefix: string, opts: CallOptions = {}) {
    for (let round = 0; round < 3; round++) {
      const keys = await list(prefix, opts.signal);
      if (keys.length === 0) return;
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }), {
          abortSignal: opts.signal,
        });
      }
    }
  }

  return {
    driver: 's3',
    client,
    async putFile(key, localPath, opts) {
      await putStream(key, createReadStream(localPath), opts);
      await fs.rm(localPath, { force: true });
    },
    async putBuffer(key, data, opts) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentTypeOf(key),
          CacheControl: opts?.cacheControl ?? IMMUTABLE,
        }),
      );
    },
    async putDirectory(prefix, localDir, opts) {
      const entries = await fs.readdir(localDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile()).map((e) => path.relative(localDir, path.join(e.parentPath, e.name)));
      // The first failure stops the other uploaders too: the caller has its answer, and nothing
      // more is sent to a bucket that failed (or for a caller that gave up) behind its back.
      const failed = new AbortController();
      const signal = opts?.signal ? AbortSignal.any([opts.signal, failed.signal]) : failed.signal;
      let next = 0;
      const worker = async () => {
        while (next < files.length && !signal.aborted) {
          const relative = files[next++]!;
          const key = `${folder(prefix)}${relative.split(path.sep).join('/')}`;
          const body = createReadStream(path.join(localDir, relative));
          try {
            await putStream(key, body, { cacheControl: opts?.cacheControl?.(relative), signal });
          } catch (err) {
            failed.abort(err);
            throw err;
          } finally {
            body.destroy();
          }
        }
      };
      await Promise.all(Array.from({ length: FOLDER_CONCURRENCY }, worker));
      opts?.signal?.throwIfAborted();
    },
    async download(key, localPath, opts) {
      const signal = opts?.signal;
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }), { abortSignal: signal });
      await pipeline(object.Body as Readable, createWriteStream(localPath), { signal });
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeOf(key),
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async movePrefix(from, to) {
      // S3 has no rename: each object is copied (inside the bucket, metadata kept), then the old folder goes.
      for (const key of await list(from)) {
        const Key = `${folder(to)}${key.slice(folder(from).length)}`;
        await client.send(
          new CopyObjectCommand({ Bucket, Key, CopySource: `${Bucket}/${encodeURI(key)}`, MetadataDirective: 'COPY' }),
        );
      }
      await deletePrefix(from);
    },
    deletePrefix,
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    list,
    localPath: () => null,
    publicUrl: (key) => joinUrl(publicBase, key),
    signedUrl: (key, expiresIn) => getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn }),
  };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
