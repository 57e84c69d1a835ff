import { describe, expect, inject, it } from 'vitest';
import { isTransientStartupError, retryStartupStep, withStartupLock } from './startup.ts';

const adminUrl = inject('adminDatabaseUrl');
const sqlError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('start-up steps', () => {
  it('run one at a time under the start-up lock, however many processes start them at once', async () => {
    let inside = 0;
    let most = 0;
    const step = async (ms: number) => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inside -= 1;
    };
    // Each call holds the lock on a connection of its own, as separate processes do.
    await Promise.all([40, 10, 30, 20].map((ms) => withStartupLock(adminUrl, () => step(ms))));
    expect(most).toBe(1);
  });

  it('free the lock when a step fails', async () => {
    await expect(withStartupLock(adminUrl, () => Promise.reject(sqlError('42601')))).rejects.toThrow('SQLSTATE 42601');
    expect(await withStartupLock(adminUrl, async () => 'next')).toBe('next');
  });

  it('are run again after a deadlock, a serialization failure or an unreachable database, not after other errors', async () => {
    // A migration's error wraps the driver's in its cause.
    const wrapped = new Error('Migration failed', { cause: sqlError('40P01') });
    for (const error of [sqlError('40P01'), sqlError('40001'), sqlError('57P03'), wrapped]) {
      expect(isTransientStartupError(error)).toBe(true);
    }
    for (const error of [sqlError('42601'), sqlError('28P01'), new Error('boom'), null]) {
      expect(isTransientStartupError(error)).toBe(false);
    }

    const failures = [sqlError('40P01'), Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })];
    const retried: number[] = [];
    let calls = 0;
    const result = await retryStartupStep(
      async () => {
        calls += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return 'done';
      },
      { onRetry: (_err, attempt) => retried.push(attempt) },
    );
    expect({ result, calls, retried }).toEqual({ result: 'done', calls: 3, retried: [1, 2] });

    let finalCalls = 0;
    const final = retryStartupStep(async () => {
      finalCalls += 1;
      throw sqlError('28P01');
    });
    await expect(final).rejects.toThrow('SQLSTATE 28P01');
    expect(finalCalls).toBe(1);
  });

  it('stop waiting for their database when the process is told to stop', async () => {
    const stop = new AbortController();
    const waiting = retryStartupStep(() => Promise.reject(sqlError('57P03')), {
      signal: stop.signal,
      onRetry: () => stop.abort(),
    });
    await expect(waiting).rejects.toThrow();
    expect(stop.signal.aborted).toBe(true);
  });
});
