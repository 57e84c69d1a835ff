import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app takes values (limits, text rules) from the contract, never its schemas: building
 * zod's schemas cost a phone ~0.4 s of main thread on every first page. The contract says it has
 * no side effects, so the build keeps only the modules whose values the app uses; those must not
 * load zod (packages/contract/src/limits.ts).
 */
const web = path.resolve(import.meta.dirname);
const contract = path.resolve(import.meta.dirname, '../../../packages/contract');

async function sources(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The names a file takes as values (not `import type`, not `type X`) from '@streamhub/contract'. */
function valueImports(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@streamhub\/contract'/g)) {
    if (m[1]) continue;
    for (const part of m[2]!.split(',').map((s) => s.trim()))
      if (part && !part.startsWith('type ')) names.push(part.split(/\s+as\s+/)[0]!);
  }
  return names;
}

describe("the web app's imports from the contract", () => {
  it('come from modules that load no zod, and the contract lets the build drop the others', async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(contract, 'package.json'), 'utf8')) as { sideEffects?: boolean };
    expect(pkg.sideEffects).toBe(false);

    const modules = new Map<string, string>();
    for (const file of await sources(path.join(contract, 'src')))
      modules.set(path.basename(file), await fs.readFile(file, 'utf8'));
    const definedIn = (name: string) =>
      [...modules].filter(([, text]) => new RegExp(`export (const|function) ${name}\\b`).test(text)).map(([file]) => file);
    // A module, and every module it takes values from, free of zod.
    const schemaFree = (file: string, seen = new Set<string>()): boolean => {
      if (seen.has(file)) return true;
      seen.add(file);
      const text = modules.get(file)!;
      if (/from 'zod'/.test(text)) return false;
      return [...text.matchAll(/import\s+(type\s+)?\{[^}]*\}\s*from\s*'\.\/([^']+)'/g)].every(
        (m) => Boolean(m[1]) || schemaFree(m[2]!, seen),
      );
    };

    const used = new Set<string>();
    for (const file of await sources(web)) for (const name of valueImports(await fs.readFile(file, 'utf8'))) used.add(name);
    expect(used.has('COMMENT_MAX_LENGTH')).toBe(true);
    const offenders = [...used].filter((name) => {
      const files = definedIn(name);
      return files.length === 0 || !files.every((file) => schemaFree(file));
    });
    expect(offenders).toEqual([]);
  });
});
