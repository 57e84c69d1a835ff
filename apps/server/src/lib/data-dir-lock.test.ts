import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-lock-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('the DATA_DIR lock', () => {
  it('refuses a second holder with the folder and the holder’s pid, and is free again once released', async () => {
    const folder = path.join(dir, 'data');
    await fs.mkdir(folder);
    const held = await lockDataDir(folder);
    // The same folder by another spelling (a symlink) is the same folder.
    const alias = path.join(dir, 'alias');
    await fs.symlink(folder, alias);
    const refused = await lockDataDir(alias).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toBe(
      `DATA_DIR ${await fs.realpath(folder)} is in use by another StreamHub process (pid ${process.pid})`,
    );
    // Another folder is another lock.
    const other = path.join(dir, 'other');
    await fs.mkdir(other);
    await (await lockDataDir(other)).release();

    await held.release();
    await (await lockDataDir(folder)).release();
  });
});
