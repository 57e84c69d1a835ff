// Where a page's main-thread time goes as Lighthouse sees it: the page opened as bench/lighthouse.ts
// opens it (Lighthouse's mobile screen, unthrottled, signed in as a viewer), traced with the CPU
// profiler on for SECONDS (default 8), then its long tasks printed by bench/trace-tasks.ts (trace
// events, scripts and functions). Build the web app with `npx vite build --minify false` in
// apps/web first to read function names. Seeds what lighthouse.ts seeds (DATA=<folder> keeps it).
// Run: npx tsx bench/trace-page.ts [watch|home|channel|/]  (RUNS=n, OUT=folder, KEEP=1 keeps the
// traces, QUIET=1 prints only the blocking estimate, PROFILE=1 samples functions, CATEGORIES=a,b adds)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { analyse } from './trace-tasks.ts';
import { browserCookies, CHROMIUM_ARGS, CHROMIUM_PATH, ensureWebBuild, startSeededServer } from './support.ts';

const PAGE = process.argv[2] ?? 'watch';
const RUNS = Number(process.env.RUNS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 8);
const OUT = process.env.OUT ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-trace-')));
await fs.mkdir(OUT, { recursive: true });
await ensureWebBuild();

const { server, seed: seeded } = await startSeededServer();
const url = {
  watch: `/video/watch/${seeded.ids[0]}`,
  channel: `/channel/${seeded.creatorId}`,
  home: '/home',
  '/': '/',
}[PAGE];
if (!url) throw new Error(`unknown page ${PAGE}`);

const launch = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let browser = await launch();
const blocking: number[] = [];
const busy: number[] = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    // FRESH=1: a new browser for every run (the first page of a browser measured apart).
    if (process.env.FRESH && run > 1) {
      await browser.close();
      browser = await launch();
    }
    // Lighthouse's mobile defaults (a Moto G Power), a fresh profile each run as Lighthouse has.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
    });
    if (PAGE !== '/') await context.addCookies(browserCookies(seeded.viewer, server.base));
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        // PROFILE=1: the CPU profiler's samples (function names; it slows the page down).
        ...(process.env.PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
        'v8.execute',
        'toplevel',
        'blink.user_timing',
        'loading',
        ...(process.env.CATEGORIES?.split(',') ?? []),
      ],
    });
    await page.goto(server.base + url);
    await page.waitForTimeout(SECONDS * 1000);
    const trace = await browser.stopTracing();
    const file = path.join(OUT, `${PAGE.replace('/', 'root')}-${run}.trace.json`);
    await fs.writeFile(file, trace);
    await context.close();
    const figures = await analyse(file, Boolean(process.env.QUIET));
    blocking.push(figures.blocking);
    busy.push(figures.busy);
    if (!process.env.KEEP) await fs.rm(file);
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length - 1));
    return `mean ${mean.toFixed(0)} ± ${(sd / Math.sqrt(values.length)).toFixed(0)} ms (median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)})`;
  };
  console.log(
    `${PAGE}, ${RUNS} runs: blocking after FCP ≈ ${stats(blocking)}; main thread busy in the first 3 s ${stats(busy)}; load ${os.loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await browser.close();
  await server.stop();
  if (!process.env.DATA) await fs.rm(server.dataDir, { recursive: true, force: true });
}
