import fs from 'node:fs/promises';
import { InsufficientStorage } from '../lib/errors.ts';

/**
 * Free space on the disk of DATA_DIR (uploads, encoder work folders, local media and, embedded,
 * PostgreSQL): uploads are refused up front below MIN_FREE_DISK_MB, `/api/health` reports it, and
 * a full disk met mid-work is a condition to wait out, not a failure (docs/decisions.md, "A full disk").
 */

/** Bytes an unprivileged process may still write on the filesystem holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const stats = await fs.statfs(dir);
  return stats.bavail * stats.bsize;
}

export interface DiskStatus {
  freeBytes: number;
  /** Below the MIN_FREE_DISK_MB reserve: new uploads are refused (507). */
  low: boolean;
}

export async function diskStatus(dir: string, minFreeBytes: number): Promise<DiskStatus> {
  const free = await freeBytes(dir);
  return { freeBytes: free, low: free < minFreeBytes };
}

/**
 * Refuses (507) an upload of `incomingBytes` (0 when not known yet) that would leave less than
 * `minFreeBytes` free, before a byte of it is stored.
 */
export async function assertRoomFor(dir: string, minFreeBytes: number, incomingBytes: number): Promise<void> {
  if ((await freeBytes(dir)) - Math.max(0, incomingBytes) < minFreeBytes) throw new InsufficientStorage();
}

/** node's errno codes of a full disk (or an exhausted quota). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
/**
 * PostgreSQL's SQLSTATEs of a server that cannot write for lack of space or memory: 53100
 * disk_full, 53200 out_of_memory (db/unavailable.ts waits them out like an outage).
 */
const DATABASE_FULL_STATES = new Set(['53100', '53200']);
/** How ffmpeg (its stderr, in our error's message) and node without a code say it. */
const DISK_FULL_TEXT = /No space left on device|Disk quota exceeded/i;

/** An error (or its cause) that means "the disk is full right now": retried once there is room. */
export function isDiskFull(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (DISK_FULL_CODES.has(code) || DATABASE_FULL_STATES.has(code))) return true;
  if (DISK_FULL_TEXT.test(error.message)) return true;
  return isDiskFull(error.cause, depth + 1);
}
