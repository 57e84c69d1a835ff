import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The server's build as `npm start` and the command line tools run it (scripts/lib/build.mjs), on a
// copy of the repository's sources in a folder of its own ("a fresh clone": no apps/server/dist;
// node_modules linked), so the real apps/server/dist other tests run from is never touched.
const root = path.resolve(import.meta.dirname, '../../../..');
const clone = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-build-'));
const run = promisify(execFile);

afterAll(() => fs.rm(clone, { recursive: true, force: true }));

async function prepareClone() {
  for (const dir of ['scripts', 'apps/server/src', 'packages/contract/src'])
    await fs.cp(path.join(root, dir), path.join(clone, dir), { recursive: true });
  for (const file of ['package.json', 'apps/server/package.json', 'packages/contract/package.json'])
    await fs.copyFile(path.join(root, file), path.join(clone, file));
  await fs.symlink(path.join(root, 'node_modules'), path.join(clone, 'node_modules'));
}

/** `ensureBuilt` of the clone's build script, in a node process of its own; its exit code and output. */
async function ensureBuilt(env: Record<string, string> = {}) {
  const script = `import(${JSON.stringify(path.join(clone, 'scripts/lib/build.mjs'))}).then((m) => m.ensureBuilt({ web: false }))`;
  const { NODE_ENV: _mode, ...inherited } = process.env;
  return run(process.execPath, ['--input-type=module', '-e', script], { cwd: clone, env: { ...inherited, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, output: err.stdout + err.stderr }),
  );
}
const stampOf = async () => (await fs.stat(path.join(clone, 'apps/server/dist/.built'))).mtimeMs;

describe('the compiled server', () => {
  it('production mode builds nothing: a missing build is an error that names the command', { timeout: 60_000 }, async () => {
    await prepareClone();
    const refused = await ensureBuilt({ NODE_ENV: 'production' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The compiled server (apps/server/dist) is missing');
    expect(refused.output).toContain('run `npm run build` first');
    await expect(fs.stat(path.join(clone, 'apps/server/dist'))).rejects.toThrow();
  });

  it('a first start builds once; later ones do not rebuild until a source changes', { timeout: 120_000 }, async () => {
    const first = await ensureBuilt();
    expect(first).toMatchObject({ code: 0 });
    expect(first.output).toContain('Building the server');
    const built = await stampOf();
    for (const entry of ['server', 'worker', 'admin-cli', 'backup-cli', 'ledger-check']) {
      const js = await fs.readFile(path.join(clone, 'apps/server/dist', `${entry}.js`), 'utf8');
      expect(js).toContain(`//# sourceMappingURL=${entry}.js.map`);
      await fs.access(path.join(clone, 'apps/server/dist', `${entry}.js.map`));
    }
    // Packages stay imports of node_modules (none is copied in), the workspace's contract is compiled in.
    const all = (await fs.readdir(path.join(clone, 'apps/server/dist'))).filter((f) => f.endsWith('.js'));
    const code = (await Promise.all(all.map((f) => fs.readFile(path.join(clone, 'apps/server/dist', f), 'utf8')))).join('\n');
    expect(code).toMatch(/from "fastify"/);
    expect(code).not.toMatch(/from "@streamhub\/contract"/);
    expect(code).not.toMatch(/["']tsx["']/);

    const second = await ensureBuilt();
    expect(second).toEqual({ code: 0, output: '' });
    expect(await stampOf()).toBe(built);

    // Production mode with a build in place: nothing built, even with a newer source.
    const later = new Date(Date.now() + 2000);
    await fs.utimes(path.join(clone, 'apps/server/src/config.ts'), later, later);
    expect(await ensureBuilt({ NODE_ENV: 'production' })).toEqual({ code: 0, output: '' });
    expect(await stampOf()).toBe(built);

    const third = await ensureBuilt();
    expect(third.output).toContain('Building the server');
    expect(await stampOf()).toBeGreaterThan(built);
  });

  it('the compiled command line tools run without tsx', { timeout: 60_000 }, async () => {
    // The admin tool with no command prints its usage from the compiled file under plain node.
    const usage = await run(process.execPath, [path.join(clone, 'apps/server/dist/admin-cli.js')], { cwd: clone }).then(
      ({ stdout, stderr }) => stdout + stderr,
      (err: { stdout: string; stderr: string }) => err.stdout + err.stderr,
    );
    expect(usage).toMatch(/usage|grant/i);
  });
});
