import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { setQueries } from '@/lib/optimistic';
import { channelKeys, commentKeys, postKeys } from '@/lib/query-keys';

/** DELETE /api/post/:postId (author only); its comments and likes go with it. */
export function deletePost(postId: string) {
  return api.delete<Record<string, never>>(`/api/post/${encodeURIComponent(postId)}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, postId) => {
      setQueries<Post[]>(queryClient, postKeys.lists(), (list) => list.filter((post) => post._id !== postId));
      // The open post page still observes these; it leaves, and they expire with it.
      queryClient.removeQueries({ queryKey: postKeys.detail(postId), type: 'inactive' });
      queryClient.removeQueries({ queryKey: commentKeys.list('post', postId), type: 'inactive' });
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: channelKeys.all });
    },
  });
}
