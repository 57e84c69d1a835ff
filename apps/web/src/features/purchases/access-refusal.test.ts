import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { openedByRefusal, refusalTarget, refusedState } from './access-refusal';

const refused = (status: number, reason?: string) => new ApiError({ status, message: 'refused', reason });

describe('refusalTarget', () => {
  it('opens the buy page only when the content must be bought', () => {
    expect(refusalTarget(refused(401, 'purchase'), true)).toBe('buy');
  });

  it('sends a members-only refusal to the same page, which offers the membership', () => {
    expect(refusalTarget(refused(401, 'membership'), true)).toBe('buy');
  });

  it('sends an expired or missing session to sign-in, even while the user cookie is still there', () => {
    expect(refusalTarget(refused(401, 'signin'), true)).toBe('signin');
    expect(refusalTarget(refused(401, 'signin'), false)).toBe('signin');
  });

  it('reads a 401 without a reason by whether the viewer is signed in', () => {
    expect(refusalTarget(refused(401), true)).toBe('buy');
    expect(refusalTarget(refused(401), false)).toBe('signin');
  });

  it('leaves every other failure to the page', () => {
    expect(refusalTarget(refused(404), true)).toBeNull();
    expect(refusalTarget(refused(403, 'purchase'), true)).toBeNull();
    expect(refusalTarget(new Error('boom'), true)).toBeNull();
    expect(refusalTarget(null, true)).toBeNull();
  });
});

describe('openedByRefusal', () => {
  it('recognises the state the refusal redirect leaves, and nothing else', () => {
    expect(openedByRefusal(refusedState)).toBe(true);
    expect(openedByRefusal({ refusedByWatch: 'yes' })).toBe(false);
    expect(openedByRefusal(null)).toBe(false);
    expect(openedByRefusal({ channel: {} })).toBe(false);
  });
});
