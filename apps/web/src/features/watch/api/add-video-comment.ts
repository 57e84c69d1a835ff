import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getVideoCommentsQueryOptions, type VideoComment } from './get-video-comments';

/** POST /api/comment/video/:videoId with {content}; the new comment is appended (SPEC §4). */
export function addVideoComment(videoId: string, content: string) {
  return api.post<VideoComment>(`/api/comment/video/${encodeURIComponent(videoId)}`, { json: { content } });
}

export function useAddVideoComment(videoId: string) {
  const queryClient = useQueryClient();
  const key = getVideoCommentsQueryOptions(videoId).queryKey;
  return useMutation({
    mutationFn: (content: string) => addVideoComment(videoId, content),
    onSuccess: (comment) => {
      if (!comment) return;
      queryClient.setQueryData<VideoComment[]>(key, (list) => [...(list ?? []), { ...comment, likes: 0 }]);
    },
    // Comments may not be available on the server yet: log only.
    onError: (error) => console.error('Comment failed', error),
  });
}
