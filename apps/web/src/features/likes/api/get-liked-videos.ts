import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LikedVideo, VideoCard } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { likeKeys } from '@/lib/query-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/like/likedVideos: `[{_id, videos: [VideoCard]}]`, newest like first; flattened to cards. */
export async function getLikedVideos(signal?: AbortSignal): Promise<VideoCard[]> {
  const data = await api.get<LikedVideo[] | null>('/api/like/likedVideos', { signal });
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const cards: VideoCard[] = [];
  for (const entry of data) {
    for (const video of entry?.videos ?? []) {
      if (!video?._id || seen.has(video._id)) continue;
      seen.add(video._id);
      cards.push(video);
    }
  }
  return cards;
}

export const getLikedVideosQueryOptions = () =>
  queryOptions({ queryKey: likeKeys.videos(), queryFn: ({ signal }) => getLikedVideos(signal), staleTime: ASKED_ON_EVERY_VISIT });

export const useLikedVideos = () => useQuery(getLikedVideosQueryOptions());
