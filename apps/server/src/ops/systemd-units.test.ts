import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const deploy = path.resolve(import.meta.dirname, '../../../../deploy');
const UNITS = { 'streamhub.service': 'server.js', 'streamhub-worker.service': 'worker.js' } as const;
/** Every unit file, verified together (the backup service names streamhub.service). */
const ALL = [...Object.keys(UNITS), 'streamhub-backup.service', 'streamhub-backup.timer'];

/** A unit's [Service] settings, each key with every value it was given, in order. */
async function serviceSection(unit: string): Promise<Map<string, string[]>> {
  const text = await fs.readFile(path.join(deploy, unit), 'utf8');
  const settings = new Map<string, string[]>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('[')) section = line;
    else if (section === '[Service]') {
      const at = line.indexOf('=');
      const key = line.slice(0, at);
      settings.set(key, [...(settings.get(key) ?? []), line.slice(at + 1)]);
    }
  }
  return settings;
}

/** systemd-analyze, or why the check cannot run here (a machine or container without systemd). */
async function systemdAnalyze(): Promise<string | null> {
  try {
    await run('systemd-analyze', ['--version']);
    return null;
  } catch {
    return 'systemd-analyze is not installed on this machine (no systemd): the units are checked by their settings only';
  }
}
const missing = await systemdAnalyze();

describe('the systemd units (deploy/*.service)', () => {
  for (const [unit, entry] of Object.entries(UNITS)) {
    it(`${unit} runs the compiled ${entry} with node, restarts always, and stops within SHUTDOWN_GRACE_SECONDS`, async () => {
      const s = await serviceSection(unit);
      const [exec] = s.get('ExecStart') ?? [];
      // node itself on the compiled file: no npm, no launcher, no TypeScript loader.
      expect(exec).toMatch(new RegExp(`^/usr/bin/node --enable-source-maps /opt/streamhub/apps/server/dist/${entry}$`));
      expect(s.get('Environment')).toContain('NODE_ENV=production');
      expect(s.get('Restart')).toEqual(['always']);
      expect(s.get('KillSignal')).toEqual(['SIGTERM']);
      // SIGTERM to the main process only: it stops its HTTP processes and PostgreSQL itself.
      expect(s.get('KillMode')).toEqual(['mixed']);
      // A dedicated user; DATA_DIR and the secrets come from the environment file, not the unit.
      expect(s.get('User')).toEqual(['streamhub']);
      expect(s.get('EnvironmentFile')?.[0]).toBe('/etc/streamhub/streamhub.env');
      expect((s.get('Environment') ?? []).join(' ')).not.toMatch(/DATA_DIR|SECRET|PASSWORD|DATABASE_URL/);
      // The process gives up on itself 15 s after the grace (server.ts, worker.ts); systemd waits 5 s more.
      const grace = Number((s.get('Environment') ?? []).find((e) => e.startsWith('SHUTDOWN_GRACE_SECONDS='))?.split('=')[1]);
      expect(grace).toBeGreaterThan(0);
      expect(Number(s.get('TimeoutStopSec'))).toBe(grace + 15 + 5);
    });
  }

  it('the processes give up on themselves 15 s after SHUTDOWN_GRACE_SECONDS, as the units expect', async () => {
    for (const file of ['server.ts', 'worker.ts']) {
      const source = await fs.readFile(path.resolve(import.meta.dirname, '..', file), 'utf8');
      expect(source, file).toContain('setTimeout(() => process.exit(1), config.shutdownGraceMs + 15_000)');
    }
  });

  it('the nightly backup runs the compiled backup tool as the service user, with its environment file', async () => {
    const s = await serviceSection('streamhub-backup.service');
    expect(s.get('ExecStart')?.[0]).toContain('/usr/bin/node --enable-source-maps apps/server/dist/backup-cli.js backup ');
    expect(s.get('User')).toEqual(['streamhub']);
    expect(s.get('EnvironmentFile')).toEqual(['/etc/streamhub/streamhub.env']);
    expect(s.get('Environment')).toContain('NODE_ENV=production');
    const timer = await fs.readFile(path.join(deploy, 'streamhub-backup.timer'), 'utf8');
    expect(timer).toMatch(/^OnCalendar=/m);
    expect(timer).toMatch(/^Persistent=true$/m);
  });

  it.skipIf(missing)(`systemd-analyze verify accepts every unit${missing ? ` (skipped: ${missing})` : ''}`, async () => {
    // Copies whose node is this machine's (the units name Debian's /usr/bin/node, which verify checks).
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-units-'));
    try {
      const files = [];
      for (const unit of ALL) {
        const text = await fs.readFile(path.join(deploy, unit), 'utf8');
        await fs.writeFile(path.join(dir, unit), text.replaceAll('/usr/bin/node ', `${process.execPath} `));
        // verify checks the timer's service from its own folder: every file is in `dir`.
        files.push(path.join(dir, unit));
      }
      const { stdout, stderr } = await run('systemd-analyze', ['verify', '--man=no', ...files]);
      // verify exits 0 on an unknown key or a bad value, only saying so: any line about our files fails.
      expect(`${stdout}${stderr}`.split('\n').filter((line) => line.includes(dir) || /\.service/.test(line))).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
