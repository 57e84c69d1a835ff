import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';

/** Writes via a temp file in the same folder and a rename, so readers see the old or the new text, never half. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temp, text);
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
