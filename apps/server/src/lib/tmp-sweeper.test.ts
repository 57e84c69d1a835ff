import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTmpSweeper, sweepTmp } from './tmp-sweeper.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-sweep-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const HOUR = 3_600_000;

/** A tmp folder with an upload still being written, one abandoned an hour and a half ago, and an old folder. */
async function tmpWithUploads(name: string) {
  const dir = path.join(root, name);
  await fs.mkdir(path.join(dir, 'old-dir'), { recursive: true });
  await fs.writeFile(path.join(dir, 'live.upload'), 'being written');
  await fs.writeFile(path.join(dir, 'abandoned.upload'), 'cut off');
  await fs.writeFile(path.join(dir, 'old-dir', 'frame.jpg'), 'x');
  const past = new Date(Date.now() - 1.5 * HOUR);
  await fs.utimes(path.join(dir, 'abandoned.upload'), past, past);
  await fs.utimes(path.join(dir, 'old-dir'), past, past);
  return dir;
}

describe('upload temp sweeper', () => {
  it('removes only what has not been written for the given age', async () => {
    const dir = await tmpWithUploads('age');
    expect((await sweepTmp(dir, HOUR)).sort()).toEqual(['abandoned.upload', 'old-dir']);
    expect(await fs.readdir(dir)).toEqual(['live.upload']);
    expect(await sweepTmp(path.join(root, 'missing'), HOUR)).toEqual([]);
  });

  it('at start, a process alone on its DATA_DIR removes everything; one sharing it, only the old files', async () => {
    const alone = await tmpWithUploads('alone');
    const shared = await tmpWithUploads('shared');
    const logged: object[] = [];
    const log = (obj: object) => logged.push(obj);
    const sweepers = [
      await startTmpSweeper(alone, { maxAgeMs: HOUR, exclusive: true, log }),
      await startTmpSweeper(shared, { maxAgeMs: HOUR, exclusive: false, log }),
    ];
    for (const sweeper of sweepers) sweeper.stop();
    expect(await fs.readdir(alone)).toEqual([]);
    expect(await fs.readdir(shared)).toEqual(['live.upload']);
    expect(logged).toEqual([{ removed: 3 }, { removed: 2 }]);
  });
});
