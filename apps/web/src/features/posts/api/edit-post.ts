import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { postKeys } from '@/lib/query-keys';

/** POST /api/post/:postId {content}: the author edits; answers the edited post. */
export function editPost({ postId, content }: { postId: string; content: string }) {
  return api.post<Post>(`/api/post/${encodeURIComponent(postId)}`, { json: { content } });
}

export function useEditPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPost,
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post._id), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}
