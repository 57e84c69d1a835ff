import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('retries server errors twice', () => {
    const error = new ApiError({ status: 503, message: 'busy', data: 'busy' });
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(1, error)).toBe(true);
    expect(shouldRetry(2, error)).toBe(false);
  });
  it('does not retry client errors, network errors or unreadable answers', () => {
    expect(shouldRetry(0, new ApiError({ status: 404, message: 'missing' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 0, message: 'Network Error', isNetworkError: true }))).toBe(false);
    expect(shouldRetry(0, new Error('Invalid response from server'))).toBe(false);
  });
});
