import { describe, expect, it } from 'vitest';
import { arrange, blend, KNOBS, type Candidate } from './ranking.ts';

const candidate = (id: string, ownerId: string, locked = false): Candidate => ({ id, ownerId, locked });

describe('blend', () => {
  it('a fresh upload of a subscription outranks the best co-watch; co-watch outranks trending', () => {
    const scores = blend({
      coWatch: new Map([
        ['cw1', 4],
        ['cw2', 2],
      ]),
      subscriptions: new Map([
        ['new', 0.1],
        ['month', 24 * 30],
      ]),
      trending: new Map([
        ['t1', 1],
        ['t2', 0.5],
      ]),
      fresh: ['f1'],
      history: 2,
    });
    const order = [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    expect(order.slice(0, 3)).toEqual(['new', 'cw1', 'cw2']);
    expect(order.indexOf('t1')).toBeLessThan(order.indexOf('f1'));
    expect(scores.get('month')).toBeLessThan(scores.get('t1')!);
  });
  it('trending weighs less once the viewer has history: a weak co-watch beats the top trending then, not before', () => {
    const sources = (history: number) => ({
      coWatch: new Map([
        ['best', 10],
        ['weak', 2.5],
      ]),
      subscriptions: new Map<string, number>(),
      trending: new Map([
        ['top', 1],
        ['second', 0.5],
      ]),
      fresh: [],
      history,
    });
    const cold = blend(sources(0));
    const warm = blend(sources(KNOBS.warmSeeds));
    expect(cold.get('top')).toBeGreaterThan(cold.get('weak')!);
    expect(warm.get('top')).toBeLessThan(warm.get('weak')!);
  });
});

describe('arrange', () => {
  it('at most 2 of one channel and 2 locked exclusives a page; the rest waits for a later page', () => {
    const list = [
      ...Array.from({ length: 10 }, (_, i) => candidate(`a${i}`, 'A')),
      ...Array.from({ length: 6 }, (_, i) => candidate(`x${i}`, `X${i}`, true)),
      ...Array.from({ length: 20 }, (_, i) => candidate(`o${i}`, `O${i}`)),
    ];
    const scores = new Map(list.map((c, i) => [c.id, 100 - i]));
    const out = arrange(list, scores);
    for (let p = 0; p * 12 < out.length; p++) {
      const page = out.slice(p * 12, p * 12 + 12);
      expect(page.filter((c) => c.ownerId === 'A').length).toBeLessThanOrEqual(2);
      expect(page.filter((c) => c.locked).length).toBeLessThanOrEqual(2);
    }
    expect(out.slice(0, 3).map((c) => c.id)).toEqual(['a0', 'a1', 'x0']);
    // Every page but the last is full.
    expect(out.slice(0, 24)).toHaveLength(24);
    expect(new Set(out.map((c) => c.id)).size).toBe(out.length);
  });

  it('ties by id, so pages are stable', () => {
    const list = [candidate('b', 'B'), candidate('a', 'A')];
    expect(arrange(list, new Map()).map((c) => c.id)).toEqual(['a', 'b']);
  });
});
