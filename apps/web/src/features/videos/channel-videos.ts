import type { DashboardVideo } from '@streamhub/contract';

/** SPEC §2 title: 'Your Videos' for the owner, otherwise "{fullname}'s Videos". */
export function channelVideosTitle(isOwner: boolean, fullname: string | null | undefined): string {
  if (isOwner) return 'Your Videos';
  return fullname ? `${fullname}'s Videos` : 'Videos';
}

/** SPEC §4: quota full means Buy Uploads replaces New Video. */
export function isQuotaFull(uploads: { uploaded: number; uploadLimit: number } | undefined): boolean {
  return Boolean(uploads) && uploads!.uploaded >= uploads!.uploadLimit;
}

/** Poll the list while any video is still processing. */
export function hasProcessingVideos(videos: Pick<DashboardVideo, 'status'>[] | undefined): boolean {
  return Boolean(videos?.some((v) => v.status === 'processing'));
}

export const POLL_INTERVAL_MS = 2000;
