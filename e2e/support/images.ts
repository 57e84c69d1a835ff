import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const cached = new Map<string, string>();

/**
 * A real PNG of ffmpeg's test pattern (the server sniffs image bytes), 64×64 by default; made
 * once per size. 1280x720 is a thumbnail wider than a card: the server stores a card copy with it.
 */
export function makePng(size = '64x64'): string {
  const kept = cached.get(size);
  if (kept && fs.existsSync(kept)) return kept;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamhub-e2e-img-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, `${size}.png`);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${size}`, '-frames:v', '1', file]);
  cached.set(size, file);
  return file;
}
