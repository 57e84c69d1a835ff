import type { ProgressBody } from '@streamhub/contract';
import { sendBeacon } from '@/lib/api-client';

/** POST /api/video/v/:videoId/progress: one heartbeat, fire and forget (API.md §16); `leaving`: as the page goes. */
export function sendProgress(videoId: string, body: ProgressBody, leaving = false): void {
  sendBeacon(`/api/video/v/${encodeURIComponent(videoId)}/progress`, body, { leaving });
}
