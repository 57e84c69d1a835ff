import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { getVideoCommentsQueryOptions } from './get-video-comments';

/** POST /api/comment/video/:videoId with {content}; the new comment is appended (SPEC §4). */
export function addVideoComment(videoId: string, content: string) {
  return api.post<Comment>(`/api/comment/video/${encodeURIComponent(videoId)}`, { json: { content } });
}

export function useAddVideoComment(videoId: string) {
  const queryClient = useQueryClient();
  const key = getVideoCommentsQueryOptions(videoId).queryKey;
  return useMutation({
    mutationFn: (content: string) => addVideoComment(videoId, content),
    onSuccess: (comment) => {
      if (!comment) return;
      queryClient.setQueryData<Comment[]>(key, (list) => [...(list ?? []), { ...comment, likes: 0 }]);
    },
    // Comments may not be available on the server yet: log only.
    onError: (error) => console.error('Comment failed', error),
  });
}
