import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Environment for createTestContext or a server process: STORAGE_DRIVER=s3 against this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * s3rver in a child process on a free port, with a temp directory and one bucket (a child, so
 * memory measurements of our side do not count the server's). It exits with its parent.
 */
export async function startTestS3(bucket = 'streamhub-test'): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-s3-'));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 's3rver-child.mjs'), directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
