// Initial JavaScript of the home page, gzipped: the scripts Chromium actually loads for /home
// (signed in) before the page is idle. Run: npx tsx bench/home-js-size.ts (builds the web app if needed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { browserCookies, CHROMIUM_ARGS, CHROMIUM_PATH, registerViaApi, root, startServer } from './support.ts';

execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
const server = await startServer({ ROLE: 'api' });
const cookie = await registerViaApi(server.base, 'jsbench');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext();
await context.addCookies(browserCookies(cookie, server.base));
const page = await context.newPage();
const scripts = new Set<string>();
page.on('request', (r) => {
  if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
});
await page.goto(`${server.base}/home`, { waitUntil: 'networkidle' });
let total = 0;
for (const p of scripts) {
  const size = gzipSync(await fs.readFile(path.join(root, 'apps/web/dist', p))).length;
  total += size;
  console.log(`${p}: ${(size / 1024).toFixed(1)} kB gz`);
}
console.log(`initial JS of /home: ${(total / 1024).toFixed(1)} kB gzipped (target ≤ 150)`);
await browser.close();
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
