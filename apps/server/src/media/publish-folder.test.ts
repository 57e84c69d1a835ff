import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../test/clips.ts';
import { linkInto, publishFolder } from './publish-folder.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-publish-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

/** A work folder as an encode leaves it: two rungs, the MP4, the master, a storyboard, a leftover temp file. */
async function workFolder(dir: string) {
  const files: Record<string, string> = {
    '360p/init.mp4': 'init360',
    '360p/seg_00001.m4s': 'seg360',
    '360p/index.m3u8': '#EXTM3U\n#EXT-X-ENDLIST\n',
    '240p/init.mp4': 'init240',
    '240p/seg_00001.m4s': 'seg240',
    '240p/index.m3u8': '#EXTM3U\n#EXT-X-ENDLIST\n',
    'storyboard/storyboard.vtt': 'WEBVTT\n',
    'video.mp4': 'mp4',
    'master.m3u8': '#EXTM3U\nfinal\n',
    '360p/index.m3u8.abc123.tmp': 'half',
  };
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), text);
  }
}

describe('publishing an encode', () => {
  it('linkInto serves a segment under a second name without copying it, and leaves an existing one alone', async () => {
    const src = path.join(root, 'a.m4s');
    const dest = path.join(root, 'b.m4s');
    await fs.writeFile(src, 'segment');
    await linkInto(src, dest);
    expect((await fs.stat(dest)).ino).toBe((await fs.stat(src)).ino);
    await linkInto(src, dest);
    expect(await fs.readFile(dest, 'utf8')).toBe('segment');
  });

  it('publishFolder moves every finished file into the served folder, replacing the growing playlists and master', async () => {
    const work = path.join(root, 'work');
    const served = path.join(root, 'served');
    await workFolder(work);
    // What was published while encoding: an event playlist and an early master.
    await fs.mkdir(path.join(served, '360p'), { recursive: true });
    await linkInto(path.join(work, '360p/seg_00001.m4s'), path.join(served, '360p/seg_00001.m4s'));
    await fs.writeFile(path.join(served, '360p/index.m3u8'), '#EXTM3U\n');
    await fs.writeFile(path.join(served, 'master.m3u8'), '#EXTM3U\nearly\n');

    await publishFolder(work, served, ['video.mp4', 'master.m3u8']);
    expect(await listFiles(served)).toEqual([
      '240p/index.m3u8',
      '240p/init.mp4',
      '240p/seg_00001.m4s',
      '360p/index.m3u8',
      '360p/init.mp4',
      '360p/seg_00001.m4s',
      'master.m3u8',
      'storyboard/storyboard.vtt',
      'video.mp4',
    ]);
    expect(await fs.readFile(path.join(served, '360p/index.m3u8'), 'utf8')).toContain('#EXT-X-ENDLIST');
    expect(await fs.readFile(path.join(served, 'master.m3u8'), 'utf8')).toContain('final');
  });

  // Another filesystem: a tmpfs this test mounts (root only; CI runs as root).
  const otherFs = path.join(root, 'tmpfs');
  const mounted = (() => {
    if (process.getuid?.() !== 0) return false;
    try {
      execFileSync('mkdir', ['-p', otherFs]);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', otherFs]);
      return true;
    } catch {
      return false;
    }
  })();
  afterAll(() => {
    if (mounted) execFileSync('umount', ['-l', otherFs]);
  });

  it.skipIf(!mounted)(
    'across filesystems (work folder on another disk) files are copied aside and renamed into place',
    async () => {
      const work = path.join(root, 'work2');
      const served = path.join(otherFs, 'served');
      await workFolder(work);
      await fs.mkdir(path.join(served, '360p'), { recursive: true });
      await linkInto(path.join(work, '360p/seg_00001.m4s'), path.join(served, '360p/seg_00001.m4s'));
      expect(await fs.readFile(path.join(served, '360p/seg_00001.m4s'), 'utf8')).toBe('seg360');
      await publishFolder(work, served, ['video.mp4', 'master.m3u8']);
      expect(await listFiles(served)).toHaveLength(9);
      expect(await fs.readFile(path.join(served, 'video.mp4'), 'utf8')).toBe('mp4');
      // Moved, not left behind; no temp file of the copies remains.
      expect((await listFiles(work)).filter((f) => !f.endsWith('.tmp'))).toEqual([]);
      expect((await listFiles(served)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    },
  );
});
