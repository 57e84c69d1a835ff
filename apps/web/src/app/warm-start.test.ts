import { describe, expect, it } from 'vitest';
import { buildUrl } from '@/lib/api-client';
import { readVideoFilters } from '@/features/videos/video-filters';
import { HOME_FIRST_PAGE } from '@/features/video-list/warm-home';

describe('the home grid warm start', () => {
  it('sends the very call the home grid makes for /home without filters, so the app takes its answer', () => {
    expect(buildUrl('/api/video', readVideoFilters(new URLSearchParams()))).toBe(HOME_FIRST_PAGE);
  });
});
