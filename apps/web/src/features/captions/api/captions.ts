import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnCaption, SavedCaption } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { watchKeys } from '@/lib/query-keys';

/** This feature's query keys (nobody else caches captions). */
export const captionKeys = {
  all: ['captions'] as const,
  /** GET /api/video/v/:videoId/captions */
  list: (videoId: string) => [...captionKeys.all, videoId] as const,
};

const path = (videoId: string) => `/api/video/v/${encodeURIComponent(videoId)}/captions`;

/** GET /api/video/v/:videoId/captions: the video's tracks, for its owner. */
export function getCaptions(videoId: string) {
  return api.get<OwnCaption[]>(path(videoId));
}

export function useCaptions(videoId: string) {
  return useQuery(queryOptions({ queryKey: captionKeys.list(videoId), queryFn: () => getCaptions(videoId) }));
}

export type CaptionUpload = { videoId: string; language: string; label: string; file: File };

/** POST /api/video/v/:videoId/captions multipart `{file, language, label?}`; a second file for a language replaces the first. */
export function uploadCaptions({ videoId, language, label, file }: CaptionUpload) {
  const form = new FormData();
  form.append('language', language);
  if (label.trim()) form.append('label', label.trim());
  form.append('file', file);
  return api.post<SavedCaption>(path(videoId), { form });
}

/** DELETE /api/video/v/:videoId/captions/:language */
export function deleteCaptions({ videoId, language }: { videoId: string; language: string }) {
  return api.delete<Record<string, never>>(`${path(videoId)}/${encodeURIComponent(language)}`);
}

/** After a change: the list, and the watch answers that name the tracks and the master playlist. */
function useRefreshAfter(videoId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: captionKeys.list(videoId) }),
      queryClient.invalidateQueries({ queryKey: watchKeys.video(videoId) }),
    ]);
}

export function useUploadCaptions(videoId: string) {
  const refresh = useRefreshAfter(videoId);
  return useMutation({ mutationFn: uploadCaptions, onSuccess: refresh });
}

export function useDeleteCaptions(videoId: string) {
  const refresh = useRefreshAfter(videoId);
  return useMutation({ mutationFn: deleteCaptions, onSuccess: refresh });
}
