import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/db/embedded.ts';

const root = path.resolve(import.meta.dirname, '../../..');
/** The shipped edge configuration (an http-context file with ${…} placeholders). */
export const NGINX_PROFILE = path.join(root, 'deploy/nginx/streamhub.conf');

/** Debian's nginx binary, or null when it is not installed. */
export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return null;
}

/** Replaces `${NAME}` placeholders as `envsubst '${NAME} …'` does, leaving nginx's own `$vars` alone. */
export function renderTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\$\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

/**
 * Runs real nginx as the current user on a free loopback port, from a throwaway prefix folder:
 * either the shipped profile in front of the API at `apiAddress`, or (`plain`) a bare static
 * server of DATA_DIR/media for comparison.
 */
export async function startNginx(opts: { dataDir: string; apiAddress?: string; plain?: boolean; workers?: number | 'auto' }) {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const prefix = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-nginx-'));
  const port = await freePort();
  const listen = `127.0.0.1:${port}`;
  const site = opts.plain
    ? `server { listen ${listen}; sendfile on; tcp_nopush on; open_file_cache max=1000 inactive=30s;
        types { application/vnd.apple.mpegurl m3u8; video/iso.segment m4s; video/mp4 mp4; }
        location /media/ { alias ${path.join(opts.dataDir, 'media')}/; } }`
    : renderTemplate(await fs.readFile(NGINX_PROFILE, 'utf8'), {
        LISTEN: listen,
        DATA_DIR: opts.dataDir,
        API_ADDRESS: opts.apiAddress ?? '127.0.0.1:9',
        CACHE_DIR: path.join(prefix, 'cache'),
      });
  await fs.mkdir(path.join(prefix, 'cache'), { recursive: true });
  await fs.writeFile(path.join(prefix, 'streamhub.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `${t}_temp_path ${path.join(prefix, `${t}-temp`)};`)
    .join(' ');
  // As root, nginx would hand its workers to an unprivileged user that cannot read DATA_DIR.
  // pcre_jit as docs/deploy.md asks for it: the profile's locations are regular expressions.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const conf = path.join(prefix, 'nginx.conf');
  await fs.writeFile(
    conf,
    `${user} pcre_jit on; worker_processes ${opts.workers ?? 1}; daemon off; pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 4096; }
http { access_log off; keepalive_requests 100000; ${temp}
  include ${path.join(prefix, 'streamhub.conf')}; }
`,
  );
  const child: ChildProcess = spawn(binary, ['-c', conf, '-p', prefix], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const base = `http://${listen}`;
  const failed = async (why: string) => {
    const log = await fs.readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => '');
    if (child.exitCode === null) child.kill('SIGTERM');
    await fs.rm(prefix, { recursive: true, force: true });
    return new Error(`${why}: ${stderr}${log}`);
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw await failed('nginx exited');
    const up = await fetch(`${base}/media/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 100) throw await failed('nginx did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    port,
    prefix,
    errorLog: () => fs.readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => ''),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await fs.rm(prefix, { recursive: true, force: true });
    },
  };
}
