import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The secret kept in `file` (under DATA_DIR/secrets), made at first use: 32 random bytes in
 * base64url, written once (mode 0600, in a folder of mode 0700); two processes creating it at
 * once both end up with the one that was written first.
 */
export async function loadOrCreateSecret(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('base64url');
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => {});
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

/** The secret kept in `file`, or null when there is none. */
export async function readSecret(file: string): Promise<string | null> {
  return fs.readFile(file, 'utf8').then(
    (s) => s.trim(),
    () => null,
  );
}
