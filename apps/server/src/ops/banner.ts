import type { Config } from '../config.ts';

/**
 * The plain-text lines a server prints once it serves (to stderr, whatever the log format):
 * where the site is, where its data is, and how to make the first admin while there is none.
 */
export function startupBanner(config: Config, opts: { hasAdmin: boolean; httpProcesses: number }): string {
  const local = `http://localhost:${config.port}`;
  const site = config.publicUrl ? `${config.publicUrl} (this machine: ${local})` : local;
  const database = config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}/pg`;
  const media = config.storage.driver === 's3' ? `S3 bucket ${config.storage.s3?.bucket ?? ''}` : config.mediaDir;
  const lines = [
    '',
    `StreamHub is running (${config.role === 'all' ? 'site and jobs' : 'site'}, ${opts.httpProcesses} HTTP process${opts.httpProcesses === 1 ? '' : 'es'}).`,
    `  Site:      ${site}`,
    `  Data:      ${config.dataDir}`,
    `  Database:  ${database}`,
    `  Media:     ${media}`,
  ];
  if (!config.publicUrl)
    lines.push('  Links in mail and shared pages follow each request until PUBLIC_URL is set (docs/deploy.md).');
  if (!opts.hasAdmin) {
    lines.push('  No admin yet: create an account on the site, then run');
    lines.push('             npm run admin -- grant <username> admin');
  }
  lines.push('  Stop with Ctrl+C (or SIGTERM). Back up with npm run backup -- <file>.', '');
  return lines.join('\n');
}
