import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { subjectStatus } from './page-status';

describe('subjectStatus', () => {
  it("answers a removed subject's 410, a missing one's or a malformed id's 404, nothing for the rest", () => {
    expect(subjectStatus(new ApiError({ status: 410, message: 'This video was removed: Spam' }))).toBe(410);
    expect(subjectStatus(new ApiError({ status: 404, message: 'Video not found' }))).toBe(404);
    expect(subjectStatus(new ApiError({ status: 400, message: 'videoId must be an id' }))).toBe(404);
    expect(subjectStatus(new ApiError({ status: 401, message: 'No access to this video' }))).toBeNull();
    expect(subjectStatus(new ApiError({ status: 500, message: 'Something went wrong' }))).toBeNull();
    expect(subjectStatus(null)).toBeNull();
    expect(subjectStatus(undefined)).toBeNull();
  });
});
