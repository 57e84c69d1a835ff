import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
/** The settings the server reads: the keys of config.ts's environment schema. */
const settings = new Set(
  [...(await fs.readFile(path.join(root, 'apps/server/src/config.ts'), 'utf8')).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(
    (m) => m[1],
  ),
);
/** Names in the deploy docs that are not the server's settings: the nginx profile's placeholders. */
const NOT_SETTINGS = new Set(['LISTEN', 'API_ADDRESS', 'CACHE_DIR']);

/** Every NAME an operator would set: `NAME`, `NAME=…` in prose or code, and NAME=… at a line's start. */
function namesIn(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/`([A-Z][A-Z0-9_]{2,})(?:=[^`]*)?`/g)) names.add(m[1]!);
  for (const m of text.matchAll(/^\s*#?\s*(?:Environment=)?([A-Z][A-Z0-9_]{2,})=/gm)) names.add(m[1]!);
  for (const m of text.matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g)) names.add(m[1]!);
  return [...names].filter((name) => !NOT_SETTINGS.has(name) && !/^(GET|POST|PUT|PATCH|DELETE|CREATE|USAGE)$/.test(name));
}

describe('the deploy documents name real settings', () => {
  it('reads the schema', () => {
    for (const name of ['PUBLIC_URL', 'TRUST_PROXY', 'COOKIE_SECURE', 'RTMP_PORT', 'SHUTDOWN_GRACE_SECONDS', 'DATA_DIR'])
      expect(settings.has(name), name).toBe(true);
  });

  for (const file of [
    'docs/deploy.md',
    'deploy/streamhub.env.example',
    'deploy/streamhub.service',
    'deploy/streamhub-worker.service',
    'deploy/streamhub-backup.service',
  ]) {
    it(`every setting ${file} names is one config.ts reads, spelt the same`, async () => {
      const names = namesIn(await fs.readFile(path.join(root, file), 'utf8'));
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((name) => !settings.has(name))).toEqual([]);
    });
  }
});
