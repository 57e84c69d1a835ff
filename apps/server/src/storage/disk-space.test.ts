import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, whileDatabaseUnavailable } from '../db/unavailable.ts';
import { InsufficientStorage } from '../lib/errors.ts';
import { assertRoomFor, diskStatus, freeBytes, isDiskFull } from './disk-space.ts';

/** An error as node-postgres reports a server's SQLSTATE. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const errno = (code: string) => Object.assign(new Error(`${code}: something`), { code });

describe('isDiskFull', () => {
  it('knows node, ffmpeg and PostgreSQL saying the disk is full, also as a cause', () => {
    expect(isDiskFull(errno('ENOSPC'))).toBe(true);
    expect(isDiskFull(errno('EDQUOT'))).toBe(true);
    expect(isDiskFull(new Error('Error writing trailer: No space left on device'))).toBe(true);
    expect(isDiskFull(pgError('53100', 'could not extend file "base/16384/16385": No space left on device'))).toBe(true);
    expect(isDiskFull(pgError('53200', 'out of memory'))).toBe(true);
    expect(isDiskFull(new Error('wrapped', { cause: errno('ENOSPC') }))).toBe(true);
  });

  it('takes nothing else for it', () => {
    expect(isDiskFull(errno('EACCES'))).toBe(false);
    expect(isDiskFull(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDiskFull(new Error('The 360p rendition was not completed'))).toBe(false);
    expect(isDiskFull('ENOSPC')).toBe(false);
  });
});

describe('PostgreSQL out of space is waited out like an outage', () => {
  it('53100 and 53200 count as unavailable; other server errors do not', () => {
    expect(isDatabaseUnavailable(pgError('53100', 'could not extend file'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('53200', 'out of memory'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(errno('ENOSPC'))).toBe(false);
  });

  it('whileDatabaseUnavailable tries a write again until the disk has room', async () => {
    let calls = 0;
    const write = async () => {
      calls++;
      if (calls < 3) throw pgError('53100', 'could not extend file: No space left on device');
      return 'written';
    };
    expect(await whileDatabaseUnavailable(write, new AbortController().signal)).toBe('written');
    expect(calls).toBe(3);
  });
});

describe('free space', () => {
  it('reads the free bytes of a real filesystem and refuses what would eat into the reserve', async () => {
    const dir = os.tmpdir();
    const free = await freeBytes(dir);
    expect(free).toBeGreaterThan(0);
    expect(await diskStatus(dir, 0)).toEqual({ freeBytes: expect.any(Number), low: false });
    expect((await diskStatus(dir, free * 2)).low).toBe(true);
    await expect(assertRoomFor(dir, 0, 1024)).resolves.toBeUndefined();
    // Room now, but not for this much more.
    await expect(assertRoomFor(dir, 1024, free)).rejects.toBeInstanceOf(InsufficientStorage);
    await expect(assertRoomFor(dir, free * 2, 0)).rejects.toMatchObject({ statusCode: 507 });
  });
});
