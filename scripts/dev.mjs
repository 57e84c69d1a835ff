// `npm run dev`: the server with reload (tsx watch, port 3000) and the Vite dev server with hot
// reload (port 5173, proxying /api and /media to 3000), together; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [
  {
    name: 'server',
    child: spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { NODE_ENV: 'development', ...process.env, PORT: process.env.PORT ?? '3000' },
    }),
  },
  {
    name: 'web',
    child: spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env: process.env }),
  },
];

let stopping = false;
function stop(signal = 'SIGTERM', code = 0) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  // Give the server time to stop PostgreSQL cleanly, then leave.
  const force = setTimeout(() => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(code || 1);
  }, 15_000);
  force.unref();
  Promise.all(
    children.map(({ child }) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)))),
  ).then(() => process.exit(code));
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${name} exited (${signal ?? code}); stopping the rest.`);
    stop('SIGTERM', code || 1);
  });
}
