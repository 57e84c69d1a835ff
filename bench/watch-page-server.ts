/**
 * A signed-in watch page's server time next to its watch API call: median of RUNS (default 20)
 * of each, one request at a time, over loopback (the time to the last byte). The page's is the
 * server's whole work for it: the render's calls (through the app itself) and React's render.
 * Target: the page ≤ 2× the call. `npm run build` first (the page needs the server entry).
 */
import { startSeededServer } from './support.ts';

const runs = Number(process.env.RUNS ?? 20);
const { server, seed } = await startSeededServer();
const videoId = seed.ids[0]!;

async function median(url: string): Promise<number> {
  const times: number[] = [];
  // Two unmeasured requests: the first compiles and caches what a cold process has not yet.
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    const response = await fetch(`${server.base}${url}`, { headers: { cookie: seed.viewer, 'accept-encoding': 'identity' } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

try {
  // Alternated, so drifting load on a shared machine weighs on both alike.
  const api: number[] = [];
  const page: number[] = [];
  for (let round = 0; round < 3; round++) {
    api.push(await median(`/api/video/v/${videoId}`));
    page.push(await median(`/video/watch/${videoId}`));
  }
  const mid = (values: number[]) => values.sort((a, b) => a - b)[1]!;
  const [apiMs, pageMs] = [mid(api), mid(page)];
  console.log(`watch API call  median ${apiMs.toFixed(1)} ms`);
  console.log(`watch page      median ${pageMs.toFixed(1)} ms`);
  console.log(`page / call     ${(pageMs / apiMs).toFixed(2)}× (target ≤ 2×)`);
} finally {
  await server.stop();
}
