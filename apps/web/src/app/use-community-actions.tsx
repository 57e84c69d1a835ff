import { useState } from 'react';
import type { Comment } from '@streamhub/contract';
import type { MenuAction } from '@/components/ui/action-menu';
import { useSetBlocked } from '@/features/channel-blocks/api/block-user';
import { ReportDialog, type ReportTarget } from '@/features/reports/components/report-dialog';
import { useCurrentUser } from '@/lib/auth';

/**
 * What a page offers on someone else's content (API.md §12): Report on the page's video, post or
 * channel and on comments, and, for the owner of the video or post, Block on a comment's author.
 * Returns the one Report dialog the page renders, and the menus' actions.
 */
export function useCommunityActions(contentOwnerId: string | undefined) {
  const user = useCurrentUser();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const setBlocked = useSetBlocked();
  const ownsContent = Boolean(user && contentOwnerId && user._id === contentOwnerId);

  const report = (target: ReportTarget): MenuAction => ({ label: 'Report', onSelect: () => setReporting(target) });

  function commentActions(comment: Comment): MenuAction[] {
    const author = comment.owner;
    const actions = [report({ type: 'comment', id: comment._id, name: `the comment by @${author?.username ?? 'unknown'}` })];
    if (ownsContent && author?._id && author._id !== user?._id) {
      actions.push({
        label: `Block @${author.username}`,
        danger: true,
        onSelect: () => setBlocked.mutate({ userId: author._id, username: author.username, blocked: true }),
      });
    }
    return actions;
  }

  return {
    /** True when the signed-in user owns the video or post: they get no Report on it. */
    ownsContent,
    report,
    commentActions,
    reportDialog: <ReportDialog target={reporting} onClose={() => setReporting(null)} />,
  };
}
