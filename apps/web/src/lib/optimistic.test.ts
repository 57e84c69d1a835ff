import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { patchQueries, rollbackAll, setQueries } from './optimistic';

describe('patchQueries', () => {
  it('patches every cached value under the key and rolls back exactly', async () => {
    const client = new QueryClient();
    client.setQueryData(['posts', 'user', 'a'], [{ id: 1, likes: 0 }]);
    client.setQueryData(['posts', 'user', 'b'], [{ id: 1, likes: 5 }]);
    client.setQueryData(['posts', 'detail', '1'], { id: 1, likes: 0 });

    const rollback = await patchQueries<Array<{ id: number; likes: number }>>(client, ['posts', 'user'], (list) =>
      list.map((p) => ({ ...p, likes: p.likes + 1 })),
    );
    expect(client.getQueryData(['posts', 'user', 'a'])).toEqual([{ id: 1, likes: 1 }]);
    expect(client.getQueryData(['posts', 'user', 'b'])).toEqual([{ id: 1, likes: 6 }]);
    expect(client.getQueryData(['posts', 'detail', '1'])).toEqual({ id: 1, likes: 0 });

    rollback();
    expect(client.getQueryData(['posts', 'user', 'a'])).toEqual([{ id: 1, likes: 0 }]);
    expect(client.getQueryData(['posts', 'user', 'b'])).toEqual([{ id: 1, likes: 5 }]);
  });

  it('leaves keys without data alone', async () => {
    const client = new QueryClient();
    await patchQueries<number>(client, ['x'], (n) => n + 1);
    expect(client.getQueryData(['x'])).toBeUndefined();
    setQueries<number>(client, ['x'], (n) => n + 1);
    expect(client.getQueryData(['x'])).toBeUndefined();
  });

  it('rollbackAll undoes newest first', async () => {
    const client = new QueryClient();
    client.setQueryData(['n'], 1);
    const first = await patchQueries<number>(client, ['n'], (n) => n + 1);
    const second = await patchQueries<number>(client, ['n'], (n) => n * 10);
    expect(client.getQueryData(['n'])).toBe(20);
    rollbackAll([first, second])();
    expect(client.getQueryData(['n'])).toBe(1);
  });
});
