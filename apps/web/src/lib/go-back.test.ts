import { describe, expect, it } from 'vitest';
import { canGoBack } from './go-back';

describe('canGoBack', () => {
  it('is true only after an in-app navigation', () => {
    expect(canGoBack({ usr: null, key: 'a', idx: 2 })).toBe(true);
    expect(canGoBack({ usr: null, key: 'default', idx: 0 })).toBe(false);
    expect(canGoBack(null)).toBe(false);
    expect(canGoBack({ idx: '3' })).toBe(false);
  });
});
