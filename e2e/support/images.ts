import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let cached: string | null = null;

/** A real 64×64 PNG made with ffmpeg's test pattern (the server sniffs image bytes). */
export function makePng(): string {
  if (cached && fs.existsSync(cached)) return cached;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamhub-e2e-img-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'avatar.png');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', file]);
  cached = file;
  return file;
}

let wide: string | null = null;

/** A real 1280×720 PNG (a thumbnail wider than a card: the server stores a 640 px copy with it). */
export function makeWidePng(): string {
  if (wide && fs.existsSync(wide)) return wide;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamhub-e2e-img-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'wide.png');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720', '-frames:v', '1', file]);
  wide = file;
  return file;
}
