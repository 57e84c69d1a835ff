import { describe, expect, it } from 'vitest';
import { startChore } from './chore.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startChore', () => {
  it('runs at once and then every tick, never two at once, and stop waits for the run in progress', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    const chore = startChore({
      everyMs: 10,
      log: { warn() {} },
      failed: 'no',
      async run() {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await sleep(35);
        running -= 1;
        finished += 1;
      },
    });
    expect(runs).toBe(1);
    await sleep(120);
    await chore.stop();
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(finished).toBe(runs);
    const after = runs;
    await sleep(40);
    expect(runs).toBe(after);
  });

  it('logs a failure and tries again at the next tick', async () => {
    const warnings: string[] = [];
    let calls = 0;
    const chore = startChore({
      everyMs: 10,
      log: { warn: (_obj, msg) => warnings.push(msg) },
      failed: 'the chore failed',
      async run() {
        calls += 1;
        if (calls === 1) throw new Error('boom');
      },
    });
    await sleep(50);
    await chore.stop();
    expect(warnings).toEqual(['the chore failed']);
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});
