import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Config } from '../../config.ts';
import type { Events } from '../../events/events.ts';
import type { JobHandlers } from '../../jobs/registry.ts';
import { OUTPUT_FILES } from '../../media/ffmpeg-args.ts';
import type { Storage } from '../../storage/storage.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { AccountExportRepo } from './account-export.repo.ts';

/** How long a ready export can be downloaded. */
export const EXPORT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** Where an export's zip is kept: outside every public prefix (storage/media-keys.ts). */
export const exportKey = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;

interface Deps {
  repo: AccountExportRepo;
  storage: Storage;
  config: Pick<Config, 'dataDir'>;
  notifications: Pick<NotificationsService, 'notify'>;
  events?: Pick<Events, 'publish'>;
  log: { info(obj: object, msg: string): void };
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * `account.export`: the account's data (API.md §19) as a zip, written entry by entry to a file in
 * DATA_DIR/work and then moved into storage; each video's file is streamed from storage into the
 * zip as it is read (yazl), so nothing whole is held in memory whatever the videos weigh.
 * `videos.json` names each video's file in the zip (`videos/<id>.mp4`). The owner is notified
 * (`export.ready`). A retry starts again from nothing; an export already ready is left alone.
 */
export function createAccountExportHandler({ repo, storage, config, notifications, log }: Deps): JobHandlers['account.export'] {
  return async ({ exportId }, job) => {
    const row = await repo.find(exportId);
    if (!row || row.state !== 'pending') return;
    const userId = row.user_id;
    const workDir = path.join(config.dataDir, 'work', 'exports');
    await fs.mkdir(workDir, { recursive: true });
    const file = path.join(workDir, `${exportId}.zip`);
    try {
      const [account, videos, comments, posts, playlists, likes, history, subscriptions, purchases, earnings] = await Promise.all(
        [
          repo.account(userId),
          repo.videos(userId),
          repo.comments(userId),
          repo.posts(userId),
          repo.playlists(userId),
          repo.likes(userId),
          repo.history(userId),
          repo.subscriptions(userId),
          repo.purchases(userId),
          repo.earnings(userId),
        ],
      );
      if (!account) return;
      const zip = new ZipFile();
      const written = pipeline(zip.outputStream, createWriteStream(file));
      const videoFiles: Record<string, string | null> = {};
      for (const video of videos) {
        const key = `${video.media_key}/${OUTPUT_FILES.mp4}`;
        if (!video.has_mp4 || !(await storage.exists(key))) {
          videoFiles[video.id] = null;
          continue;
        }
        const name = `videos/${video.id}.mp4`;
        // Opened only when yazl reaches it (one file at a time), and stored, not deflated: video
        // does not compress, and its bytes pass straight through.
        zip.addReadStreamLazy(name, { compress: false }, (done) => {
          storage.read(key).then(
            (stored) => (stored ? done(null, stored.body) : done(new Error(`${key} went missing`), null as never)),
            (err: Error) => done(err, null as never),
          );
        });
        videoFiles[video.id] = name;
      }
      const { created_at, email_verified_at, ...profile } = account;
      zip.addBuffer(
        json({ ...profile, createdAt: created_at, emailVerifiedAt: email_verified_at, exportedAt: new Date() }),
        'account.json',
      );
      zip.addBuffer(
        json(videos.map(({ media_key: _key, has_mp4: _mp4, ...video }) => ({ ...video, file: videoFiles[video.id] ?? null }))),
        'videos.json',
      );
      for (const [name, rows] of Object.entries({
        comments,
        posts,
        playlists,
        likes,
        history,
        subscriptions,
        purchases,
        earnings,
      })) {
        zip.addBuffer(json(rows), `${name}.json`);
      }
      zip.end();
      await written;
      const { size } = await fs.stat(file);
      const key = exportKey(userId, exportId);
      await storage.putFile(key, file);
      if (!(await repo.markReady(exportId, key, size, new Date(Date.now() + EXPORT_KEEP_MS)))) {
        await storage.delete(key);
        return;
      }
      await notifications.notify({ recipientId: userId, type: 'export.ready', eventId: exportId });
      log.info({ exportId, bytes: size }, 'account export ready');
    } catch (err) {
      if (job.isLastAttempt) await repo.markFailed(exportId);
      throw err;
    } finally {
      await fs.rm(file, { force: true });
    }
  };
}
