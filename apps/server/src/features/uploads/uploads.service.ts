import fs from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server, type ServerOptions } from '@tus/server';
import { EVENTS, type DataStore, type Upload } from '@tus/utils';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, Conflict, Forbidden, InsufficientStorage, NotFound, TooLarge } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { s3ClientConfig } from '../../storage/s3-storage.ts';
import { assertRoomFor, freeBytes, isDiskFull } from '../../storage/disk-space.ts';
import { streamRawBodies, useRawBody } from './raw-body.ts';
import { createUploadsRepo } from './uploads.repo.ts';
import type { Storage } from '../../storage/storage.ts';
import { STORAGE_QUOTA_EXCEEDED, type AccessService } from '../access/access.service.ts';

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];
type TusError = { status_code: number; body: string };

export const UPLOADS_PATH = '/api/uploads';
/** Public upload ids are UUIDs (v7, `newId`); anything else is refused before the store is asked. */
export const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Deps {
  config: Config;
  db: Db;
  storage: Storage;
  /** The upload quota (unfinished uploads hold a slot each) and the storage quota. */
  access: Pick<AccessService, 'assertCanUpload' | 'on' | 'storageRoom'>;
  log: { warn(obj: object, msg: string): void };
}

/** A finished upload handed to the videos service: a local file, removed (or moved) after use. */
export interface ClaimedUpload {
  path: string;
  size: number;
  filename: string;
  /** The upload is used up: its bytes and record are removed. */
  consume(): Promise<void>;
  /** The claim is given back (the video was refused); the upload stays until it expires. */
  release(): Promise<void>;
}

/** A refusal inside tus; the routes turn its text into the API's error envelope. */
function tusError(status: number, message: string): TusError {
  return { status_code: status, body: message };
}

/** Runs a check of the API's; its refusal (an AppError) becomes tus's. */
async function asTus(check: () => Promise<unknown>) {
  try {
    await check();
  } catch (err) {
    if (err instanceof AppError) throw tusError(err.statusCode, err.message);
    throw err;
  }
}

/**
 * Resumable uploads (tus 1.0) at `/api/uploads/`: `@tus/file-store` under DATA_DIR/uploads with
 * the local driver, `@tus/s3-store` in the bucket (`uploads/<id>`, multipart) with S3.
 *
 * - Creation needs a session (routes), a declared length within MAX_VIDEO_BYTES (413) and a free
 *   upload slot (the quota of POST /api/video/new, 403) before a byte is stored. The owner is
 *   written into the upload's metadata by the server; the client's metadata cannot set it.
 * - Every upload not yet made into a video is recorded (`unfinished_uploads`, written under the
 *   owner's lock with the quota check, before a byte is stored): it holds an upload slot, and a
 *   user has at most UPLOADS_UNFINISHED_MAX of them (403) declaring at most
 *   UPLOADS_UNFINISHED_MAX_BYTES together (413). A PATCH is refused (403) once the user may no
 *   longer upload (their videos use every slot), so nothing grows past the quota.
 * - HEAD, PATCH and DELETE on an upload answer 404 to anyone but its owner, as if it did not exist.
 * - `claim` hands a finished upload of the caller to POST /api/video/new, which sniffs and probes
 *   its bytes exactly as a multipart file; a claimed upload is consumed once (a second claim 404s).
 * - Uploads are removed, bytes and all, UPLOAD_EXPIRE_HOURS after creation unless claimed.
 */
export function createUploadsService({ config, db, storage, access, log }: Deps) {
  const repo = createUploadsRepo(db);
  const caps = config.uploadsUnfinished;
  const s3 = config.storage.driver === 's3' ? config.storage.s3! : null;
  // The S3 store keeps objects under `uploads/` (storage/media-keys.ts); the public id is the UUID.
  const storeId = (id: string) => (s3 ? `uploads/${id}` : id);
  const publicId = (id: string) => (s3 ? id.replace(/^uploads\//, '') : id);
  const datastore: DataStore = s3
    ? new S3Store({
        partSize: 8 * 1024 * 1024,
        expirationPeriodInMilliseconds: config.uploadExpireMs,
        s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3) },
      })
    : new FileStore({ directory: config.uploadsDir, expirationPeriodInMilliseconds: config.uploadExpireMs });

  /** The signed-in user of a request, set by the route before tus sees it. */
  const owners = new WeakMap<IncomingMessage, string>();
  const rawOf = (req: TusRequest) => (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
  const ownerOf = (req: TusRequest): string => {
    const raw = rawOf(req);
    const owner = raw && owners.get(raw);
    if (!owner) throw tusError(401, 'Unauthorized request');
    return owner;
  };
  const claiming = new Set<string>();
  /** Creations whose place is reserved but whose upload the store has not made yet. */
  const reserving = new WeakMap<IncomingMessage, string>();

  /**
   * Reserves a new upload's place, atomically: under the owner's lock (the one a video's insert
   * takes), a free upload slot counting unfinished uploads (403), fewer than
   * UPLOADS_UNFINISHED_MAX unfinished uploads (403) and room for its declared length under
   * UPLOADS_UNFINISHED_MAX_BYTES (413); then its row. Concurrent creations queue on the lock, so
   * no burst gets past a cap.
   */
  async function reserve(req: TusRequest, ownerId: string, id: string, declaredBytes: number) {
    await asTus(() =>
      repo.transaction(async (r, trx) => {
        await r.lockOwner(ownerId);
        await access.on(trx).assertCanUpload(ownerId);
        const held = await r.heldBy(ownerId);
        if (held.count >= caps.max) {
          throw new Forbidden(`Too many unfinished uploads (at most ${caps.max}): finish or delete one first`);
        }
        if (held.bytes + declaredBytes > caps.maxBytes) {
          throw new TooLarge(
            `Unfinished uploads may declare at most ${caps.maxBytes} bytes together: finish or delete one first`,
          );
        }
        await r.insert({ id, ownerId, declaredBytes });
      }),
    );
    const raw = rawOf(req);
    if (raw) reserving.set(raw, id);
  }

  /**
   * A finished upload's objects in the bucket (bytes, `.info`, a leftover `.part`): the S3 store's
   * own `remove` aborts the multipart upload first, which fails once it is complete.
   */
  async function removeS3Objects(id: string) {
    await Promise.all(['', '.info', '.part'].map((ext) => storage.delete(`${storeId(id)}${ext}`)));
    // …and the store forgets its cached metadata (a protected method in its types).
    (datastore as unknown as { clearCache(id: string): void }).clearCache(storeId(id));
  }

  /**
   * Bytes the unfinished uploads declared and have not written yet: reserved against free disk
   * space until each ends (made into a video, deleted) or expires, so uploads created together
   * cannot pass the check each alone and fill the disk. With S3 they are written to the bucket.
   */
  async function stillToWrite(): Promise<number> {
    if (s3) return 0;
    const rows = await repo.allDeclared();
    const sizes = await Promise.all(
      rows.map(({ id }) =>
        fs.stat(path.join(config.uploadsDir, id)).then(
          (st) => st.size,
          () => 0,
        ),
      ),
    );
    return rows.reduce((sum, row, i) => sum + Math.max(0, row.declaredBytes - sizes[i]!), 0);
  }

  const diskLow = () =>
    freeBytes(config.uploadsDir).then(
      (free) => free < config.minFreeDiskBytes,
      () => false,
    );

  async function findOwned(id: string, ownerId: string): Promise<Upload | null> {
    if (!UPLOAD_ID.test(id)) return null;
    const upload = await datastore.getUpload(storeId(id)).catch(() => null);
    return upload && upload.metadata?.owner === ownerId ? upload : null;
  }

  const server = new Server({
    path: UPLOADS_PATH,
    datastore,
    maxSize: config.maxVideoBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    // Same origin only: no CORS headers for anyone.
    allowedOrigins: [],
    namingFunction: () => storeId(newId()),
    generateUrl: (_req, { path: base, id }) => `${base}/${publicId(id)}`,
    getFileIdFromRequest: (_req, last) => (last && UPLOAD_ID.test(last) ? storeId(last) : undefined),
    async onUploadCreate(req, upload) {
      const owner = ownerOf(req);
      if (upload.size === undefined) throw tusError(400, 'Upload-Length is required');
      try {
        await access.assertCanUpload(owner);
        // The declared length counts against the storage quota from now on (413 before a byte is stored).
        if (upload.size > (await storageRoom(owner))) throw new TooLarge(STORAGE_QUOTA_EXCEEDED);
        // 507 before a byte is stored when the declared length, with what every other unfinished
        // upload declared and has not written yet, would leave less than MIN_FREE_DISK_MB.
        await assertRoomFor(config.dataDir, config.minFreeDiskBytes, upload.size + (await stillToWrite()));
      } catch (err) {
        if (err instanceof AppError) throw tusError(err.statusCode, err.message);
        throw err;
      }
      await reserve(req, owner, publicId(upload.id), upload.size);
      // Kept for the record only; control characters never reach a log or a response.
      const filename = String(upload.metadata?.filename ?? '')
        .replace(/\p{Cc}/gu, '')
        .slice(0, 200);
      return { metadata: { filename, owner } };
    },
    async onIncomingRequest(req, id) {
      const owner = ownerOf(req);
      // Creation is asked too, with the id it is about to use; `onUploadCreate` checks it.
      if (req.method === 'POST') return;
      const upload = await findOwned(publicId(id), owner);
      if (!upload) throw tusError(404, 'Upload not found');
      // Its slot and bytes are given back first: a store that fails to delete leaves bytes the sweep removes.
      if (req.method === 'DELETE') await repo.remove(publicId(id));
      if (req.method === 'DELETE' && s3 && upload.offset === upload.size) {
        // The S3 store cannot remove a finished upload (it aborts the completed multipart first).
        await removeS3Objects(publicId(id));
        throw { status_code: 204, body: '' };
      }
      if (req.method === 'PATCH') {
        // No upload grows once the user may no longer upload (their videos use every slot).
        await asTus(() => access.assertCanUpload(owner));
        useRawBody(req, rawOf(req)!);
      }
    },
    async onResponseError(req, err) {
      if (!('status_code' in err)) log.warn({ err: String(err.message) }, 'resumable upload failed');
      // A creation that failed after its place was reserved (the store could not make it): given back.
      const raw = rawOf(req);
      const reserved = raw && reserving.get(raw);
      if (reserved) {
        reserving.delete(raw);
        await repo.remove(reserved).catch(() => {});
      }
      // The disk filled while a chunk was written: 507 as the up-front check answers. The file
      // store hides the cause of a failed write (ENOSPC) behind its own 500, so that one is
      // told by the disk it left below the reserve.
      const diskFull = isDiskFull(err) || (!s3 && 'status_code' in err && err.status_code === 500 && (await diskLow()));
      if (diskFull) return tusError(507, new InsufficientStorage().message);
      if ('status_code' in err) return undefined;
      // Never the system's own text.
      return tusError(500, 'Internal server error');
    },
  });
  // Made: the reservation is the upload's now, whatever happens later in this request.
  server.on(EVENTS.POST_CREATE, (req) => {
    const raw = rawOf(req);
    if (raw) reserving.delete(raw);
  });

  streamRawBodies(server, datastore);

  /**
   * Declared bytes of the owner's uploads that no video holds yet (unfinished, or finished and not
   * claimed): what they count against the storage quota. A claimed one is being made into a
   * video, whose own bytes count instead.
   */
  const pendingBytes = (ownerId: string) => repo.unclaimedBytes(ownerId);

  /** Bytes the owner may still store: their quota less their videos and pending uploads (Infinity: no quota). */
  const storageRoom = (ownerId: string) => access.storageRoom(ownerId, () => pendingBytes(ownerId));

  return {
    storageRoom,

    /** Hands one tus request (already authenticated as `ownerId`) to the tus server. */
    async handle(raw: IncomingMessage, res: import('node:http').ServerResponse, ownerId: string) {
      owners.set(raw, ownerId);
      await server.handle(raw, res);
    },

    /**
     * A finished upload of `ownerId` as a local file, for POST /api/video/new. Another user's id,
     * an unknown or malformed one, and one already claimed: 404; an unfinished one: 409.
     */
    async claim(ownerId: string, id: string): Promise<ClaimedUpload> {
      const upload = await findOwned(id, ownerId);
      if (!upload) throw new NotFound('Upload not found');
      if (upload.size === undefined || upload.offset !== upload.size) throw new Conflict('Upload is not finished');
      if (claiming.has(id)) throw new NotFound('Upload not found');
      claiming.add(id);
      // Once across processes too; from now on the video's slot, not the upload's, is counted.
      let claimed = false;
      try {
        claimed = await repo.claim(id, ownerId, upload.size);
      } finally {
        if (!claimed) claiming.delete(id);
      }
      if (!claimed) throw new NotFound('Upload not found');
      const release = async () => {
        claiming.delete(id);
        // Not given back (database down): the claim goes stale within the hour (uploads.repo.ts).
        await repo.release(id).catch(() => {});
      };
      try {
        let file: string;
        let downloaded = false;
        if (s3) {
          if (!(await storage.exists(storeId(id)))) throw new NotFound('Upload not found');
          // The bytes are in the bucket: fetched once (streamed) for sniffing, probing and the source.
          file = path.join(config.tmpDir, `${id}.upload`);
          await fs.mkdir(config.tmpDir, { recursive: true });
          await storage.download(storeId(id), file);
          downloaded = true;
        } else {
          file = path.join(config.uploadsDir, id);
        }
        return {
          path: file,
          size: upload.size,
          filename: String(upload.metadata?.filename ?? ''),
          async consume() {
            // The bytes may already be gone (the local driver moves them to `sources/`).
            await datastore.remove(storeId(id)).catch(() => {});
            if (datastore instanceof FileStore) await datastore.configstore.delete(id).catch(() => {});
            if (s3) await removeS3Objects(id);
            if (downloaded) await fs.rm(file, { force: true });
            // The video exists: a record left behind (database down) only waits for the expiry sweep.
            await repo.remove(id).catch(() => {});
            claiming.delete(id);
          },
          async release() {
            if (downloaded) await fs.rm(file, { force: true });
            await release();
          },
        };
      } catch (err) {
        await release();
        throw err;
      }
    },

    /**
     * The unfinished uploads of everyone (GET /api/admin/uploads): owner, declared and received
     * bytes (what the store holds; 0 when it cannot say), creation and expiry.
     */
    async listUnfinished() {
      const rows = await repo.listWithOwners();
      return Promise.all(
        rows.map(async (r) => {
          const upload = await datastore.getUpload(storeId(r.id)).catch(() => null);
          const created = new Date(r.created_at);
          return {
            _id: r.id,
            owner: { _id: r.owner_id, username: r.username },
            declaredBytes: Number(r.declared_bytes),
            receivedBytes: upload?.offset ?? 0,
            claimed: r.claimed_at !== null,
            createdAt: created.toISOString(),
            expiresAt: new Date(created.getTime() + config.uploadExpireMs).toISOString(),
          };
        }),
      );
    },

    /**
     * DELETE /api/admin/uploads/:id: the record goes (its declared bytes stop being reserved) with
     * `inTransaction` (the audit entry) in one transaction, then the bytes. 404 unknown; 409 while
     * it is being made into a video.
     */
    async removeUnfinished(id: string, inTransaction: (trx: Db) => Promise<void>): Promise<void> {
      await repo.transaction(async (r, trx) => {
        const removed = await r.removeUnclaimed(id);
        if (removed === undefined) throw new NotFound('No unfinished upload with this id');
        if (!removed) throw new Conflict('This upload is being made into a video');
        await inTransaction(trx as Db);
      });
      if (s3) await datastore.remove(storeId(id)).catch(() => removeS3Objects(id));
      else await datastore.remove(storeId(id)).catch(() => undefined);
    },

    /** Removes every unfinished upload of `userId`, bytes and records (a deleted account). */
    async removeAllOf(userId: string): Promise<void> {
      for (const id of await repo.idsOfOwner(userId)) {
        if (s3) await datastore.remove(storeId(id)).catch(() => removeS3Objects(id));
        else await datastore.remove(storeId(id)).catch(() => undefined);
        await repo.remove(id);
      }
    },

    /**
     * Removes uploads older than UPLOAD_EXPIRE_HOURS, bytes and records: unfinished ones (the
     * store's own sweep) and finished ones nobody claimed. Answers how many went.
     */
    async removeExpired(now = Date.now()): Promise<number> {
      // Their records go too (and those of creations the store never made).
      await repo.removeCreatedBefore(new Date(now - config.uploadExpireMs));
      if (s3) return (datastore as S3Store).deleteExpired();
      const store = datastore as FileStore;
      const ids = (await store.configstore.list?.()) ?? [];
      let removed = 0;
      for (const id of ids) {
        const info = await store.configstore.get(id).catch(() => undefined);
        const created = info?.creation_date ? Date.parse(info.creation_date) : NaN;
        if (Number.isFinite(created) && now - created > config.uploadExpireMs && !claiming.has(id)) {
          await store.remove(id).catch(() => store.configstore.delete(id));
          removed++;
        }
      }
      return removed;
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
