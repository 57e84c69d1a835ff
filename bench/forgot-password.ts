// Account enumeration through POST /api/users/password/forgot (API.md §19: its answer and its
// timing never tell whether the address names an account). Measures the answer time for
// addresses of existing accounts and for addresses nobody has, interleaved in random order, over
// the real server (mail written to DATA_DIR/mail: the jobs run in the same process meanwhile).
// Run: npx tsx bench/forgot-password.ts [--tries 200]
//   Each address is asked at most 5 times (the hourly budget per address), so every try of an
//   existing address really enqueues its mail: tries / 5 accounts are registered first.
import { parseArgs } from 'node:util';
import { registerViaApi, startServer } from './support.ts';

const { values: opts } = parseArgs({ options: { tries: { type: 'string', default: '200' } } });
const tries = Number(opts.tries);
const PER_ADDRESS = 5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

const server = await startServer({ RATE_LIMIT_ACCOUNT_MAIL_MAX: '100000' });
try {
  const accounts = Math.ceil(tries / PER_ADDRESS);
  const run = `fp${Date.now().toString(36)}`;
  const existing: string[] = [];
  for (let i = 0; i < accounts; i++) {
    await registerViaApi(server.base, `${run}e${i}`);
    existing.push(`${run}e${i}@example.com`);
  }
  const missing = Array.from({ length: accounts }, (_, i) => `${run}m${i}@example.com`);

  async function ask(email: string): Promise<number> {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/users/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    await res.arrayBuffer();
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`forgot: ${res.status}`);
    return elapsed;
  }

  // Warm-up (JIT, pool): not counted, on addresses of their own.
  for (let i = 0; i < 20; i++) await ask(`${run}warm${i}@example.com`);

  const times = { existing: [] as number[], missing: [] as number[] };
  for (let i = 0; i < tries; i++) {
    const pair: ['existing' | 'missing', string][] = [
      ['existing', existing[i % accounts]!],
      ['missing', missing[i % accounts]!],
    ];
    if (Math.random() < 0.5) pair.reverse();
    for (const [kind, email] of pair) times[kind].push(await ask(email));
  }

  const line = (kind: 'existing' | 'missing') =>
    `${kind.padEnd(8)} median ${median(times[kind]).toFixed(2)} ms, p90 ${pct(times[kind], 0.9).toFixed(2)} ms (${times[kind].length} tries)`;
  console.log(line('existing'));
  console.log(line('missing'));
  const diff = Math.abs(median(times.existing) - median(times.missing));
  console.log(`difference of the medians: ${diff.toFixed(2)} ms (must be ≤ 5 ms)`);
  if (diff > 5) process.exitCode = 1;
} finally {
  await server.stop();
}
