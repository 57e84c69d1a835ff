import { startChore } from '../../lib/chore.ts';
import type { UploadsService } from './uploads.service.ts';

/**
 * Resumable uploads nobody finished or claimed in UPLOAD_EXPIRE_HOURS go, bytes and all: at
 * start and every ten minutes (or the expiry, when shorter), by the process that owns DATA_DIR's
 * chores, not by every HTTP worker of a cluster.
 */
export function startExpiredUploadsSweep(
  uploads: Pick<UploadsService, 'removeExpired'>,
  expireMs: number,
  log: { warn(obj: object, msg: string): void },
) {
  return startChore({
    run: () => uploads.removeExpired(),
    everyMs: Math.min(expireMs, 10 * 60_000),
    log,
    failed: 'expired uploads not removed',
  });
}
