// `npm run backup|restore|admin|ledger:check`: runs one of the server's command line tools
// (apps/server/dist/<tool>.js) with the arguments after its name, building the server first when
// its sources changed (never with NODE_ENV=production, where a missing build is an error).
// Usage: node scripts/run.mjs <tool> [args…]
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_ENTRIES, ensureBuilt, root, serverDist } from './lib/build.mjs';

const [tool, ...args] = process.argv.slice(2);
if (!SERVER_ENTRIES.includes(tool)) {
  console.error(`usage: node scripts/run.mjs <${SERVER_ENTRIES.join('|')}> [args…]`);
  process.exit(2);
}
await ensureBuilt({ web: false });
const child = spawn(process.execPath, ['--enable-source-maps', path.join(serverDist, `${tool}.js`), ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
