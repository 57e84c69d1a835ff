import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { channelKeys, postKeys } from '@/lib/query-keys';

/** POST /api/post/new {content} → the new post (201). */
export function createPost(content: string) {
  return api.post<Post>('/api/post/new', { json: { content } });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post._id), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      // The channel's Posts tile counts them.
      void queryClient.invalidateQueries({ queryKey: channelKeys.all });
    },
  });
}
