import { useState, type FormEvent } from 'react';
import type { Comment } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Img } from '@/components/ui/img';
import { useCurrentUser } from '@/lib/auth';
import { formatRelativeTime } from '@/lib/formatters';
import { useAddVideoComment } from '../api/add-video-comment';

/** '{n} Comments' with a comment box (Cancel, Comment) and the list (SPEC §2). */
export function CommentsSection({ videoId, comments }: { videoId: string; comments: Comment[] }) {
  const user = useCurrentUser();
  const add = useAddVideoComment(videoId);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = text.trim();
    if (!content) return; // SPEC §5: blank comments are not sent.
    add.mutate(content, { onSuccess: () => setText('') });
  }

  return (
    <section aria-labelledby="comments-title" className="flex flex-col gap-4">
      <h2 id="comments-title" className="text-lg font-semibold">
        {comments.length} Comments
      </h2>
      <form onSubmit={submit} className="flex gap-3">
        <Img src={user?.avatar} fallback="avatar" alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
        <div className="flex flex-1 flex-col gap-2">
          <label htmlFor="comment-box" className="sr-only">
            Add a comment
          </label>
          <textarea
            id="comment-box"
            rows={focused || text ? 3 : 1}
            placeholder="Add a comment..."
            value={text}
            onFocus={() => setFocused(true)}
            onChange={(e) => setText(e.target.value)}
            className="resize-none border-b border-line bg-transparent py-1 outline-none focus:border-white"
          />
          {focused || text ? (
            <div className="flex justify-end gap-2">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setText('');
                  setFocused(false);
                }}
              >
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={!text.trim() || add.isPending}>
                Comment
              </Button>
            </div>
          ) : null}
        </div>
      </form>
      <ul className="flex flex-col gap-5">
        {comments.map((comment) => (
          <li key={comment._id} className="flex gap-3">
            <Img src={comment.owner?.avatar} fallback="avatar" alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
            <div className="min-w-0">
              <p className="text-sm">
                <span className="font-semibold">@{comment.owner?.username ?? 'unknown'}</span>{' '}
                <span className="text-muted">{formatRelativeTime(comment.updatedAt)}</span>
              </p>
              <p className="break-words whitespace-pre-line">{comment.content}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
