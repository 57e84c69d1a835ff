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
