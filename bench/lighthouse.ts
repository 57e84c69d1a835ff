// Lighthouse performance of the pages as visitors meet them: the landing page (/) and the home
// grid (/home) signed out; signed in as a viewer, /home, a watch page and the creator's channel, with
// Lighthouse's mobile defaults (Moto G Power screen, simulated slow 4G, 4× CPU slowdown), in
// Debian's Chromium. Seeds a creator with a few ready videos and a viewer first. Prints score,
// LCP, TBT, FCP and CLS per page, the median of RUNS runs (default 3).
// Lighthouse 13 asks for Node ≥ 22 in its `engines` yet runs on Node 20: it is installed with
// `npm i --engine-strict=false` (package.json pins it; npm ci only warns).
// Run: npx tsx bench/lighthouse.ts  (builds the web app if needed; PAGES=watch,channel for some;
// DATA=<folder> keeps the seeded server data for the next run; LH_JSON=prefix saves reports and traces)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { browserCookies, CHROMIUM_ARGS, CHROMIUM_PATH, ensureWebBuild, startSeededServer } from './support.ts';

const RUNS = Number(process.env.RUNS ?? 3);
await ensureWebBuild();

// A creator's three videos and a viewer (DATA=<folder> keeps them for the next run).
const { server, seed } = await startSeededServer();
const { ids, creatorId, viewer: cookie } = seed;

// Chromium's DevTools port, for Lighthouse: LIGHTHOUSE_PORT when set.
const port = Number(process.env.LIGHTHOUSE_PORT ?? 9200 + Math.floor(Math.random() * 500));
const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-lighthouse-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS],
});

type Figures = { score: number; lcp: number; tbt: number; fcp: number; cls: number };

async function audit(label: string, url: string, run: number, tries = 3): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    // LH_PROFILE=1: the CPU profiler's samples in the saved trace too (bench/trace-tasks.ts names the functions).
    process.env.LH_PROFILE
      ? { extends: 'lighthouse:default', settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } }
      : undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  // Lighthouse's own failures to record the load (NO_NAVSTART now and then in headless Chromium)
  // say nothing about the page: that run is made again rather than counted as a score of 0.
  if (result.lhr.runtimeError && tries > 1) {
    console.log(`  (${url}: ${result.lhr.runtimeError.code}; run again)`);
    return audit(label, url, run, tries - 1);
  }
  const { audits, categories } = result.lhr;
  // LH_JSON=prefix: each run's report, and its trace for bench/trace-tasks.ts.
  if (process.env.LH_JSON) {
    const name = `${process.env.LH_JSON}-${label.replace(/\W+/g, '') || 'root'}-${run}`;
    await fs.writeFile(`${name}.json`, result.report as string);
    await fs.writeFile(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
  }
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

// PAGES=watch (or /,/home): only those pages.
const only = process.env.PAGES?.split(',');

async function measure(label: string, url: string) {
  if (only && !only.includes(label)) return;
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(label, url, i + 1));
  const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
  console.log(
    `${label.padEnd(9)} score ${m('score')} (runs ${runs.map((r) => r.score).join('/')}), LCP ${(m('lcp') / 1000).toFixed(1)} s, ` +
      `TBT ${m('tbt').toFixed(0)} ms, FCP ${(m('fcp') / 1000).toFixed(1)} s, CLS ${m('cls').toFixed(3)}`,
  );
}

console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults, ${RUNS} runs each (median); load ${os.loadavg()[0]!.toFixed(1)}`,
);
try {
  // Signed out: the landing page (a user cookie would send it on to /home).
  await measure('/', `${server.base}/`);
  // A shared link's visitor: /home is public (API.md §18).
  await measure('/home out', `${server.base}/home`);
  await context.addCookies(browserCookies(cookie, server.base));
  await measure('/home', `${server.base}/home`);
  await measure('watch', `${server.base}/video/watch/${ids[0]}`);
  await measure('channel', `${server.base}/channel/${creatorId}`);
} finally {
  console.log(`load after: ${os.loadavg()[0]!.toFixed(1)}`);
  await context.close();
  await server.stop();
  if (!process.env.DATA) await fs.rm(server.dataDir, { recursive: true, force: true });
  await fs.rm(profile, { recursive: true, force: true });
}
