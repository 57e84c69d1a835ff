import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { AdminReport, Owner, ReportedVideo } from '@streamhub/contract';
import { Img } from '@/components/ui/img';
import { formatRelativeTime } from '@/lib/formatters';

/** What the page composes around a target: the video's player, a comment's thread. */
export type TargetSlots = {
  videoPlayer?: (video: ReportedVideo) => ReactNode;
  commentThread?: (parent: { kind: 'video' | 'post'; id: string }, commentId: string) => ReactNode;
};

function OwnerLine({ owner }: { owner: Owner | null }) {
  if (!owner) return null;
  return (
    <Link to={`/channel/${encodeURIComponent(owner._id)}`} className="flex w-fit items-center gap-2 text-sm hover:underline">
      <Img src={owner.avatar} fallback="avatar" alt="" className="h-6 w-6 rounded-full object-cover" />
      {owner.fullname} <span className="text-muted">@{owner.username}</span>
    </Link>
  );
}

function VideoDetails({ video }: { video: ReportedVideo }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <p className="font-semibold">
        {video.status === 'ready' ? (
          <Link to={`/video/watch/${encodeURIComponent(video._id)}`} className="hover:underline">
            {video.title || t('reportTarget.untitledVideo')}
          </Link>
        ) : (
          video.title || t('reportTarget.untitledVideo')
        )}
        {video.isExclusive ? (
          <span className="ms-2 rounded bg-amber-500 px-1.5 py-0.5 text-xs text-black">{t('reportTarget.exclusive')}</span>
        ) : null}
      </p>
      <p className="line-clamp-4 text-sm whitespace-pre-line text-zinc-300">
        {video.description || t('reportTarget.noDescription')}
      </p>
    </div>
  );
}

function VideoTile({ video }: { video: ReportedVideo }) {
  const { t } = useTranslation();
  return (
    <div className="flex w-40 shrink-0 flex-col gap-1">
      <Img
        src={video.thumbnail}
        fallback="thumbnail"
        alt=""
        loading="lazy"
        className="aspect-video w-full rounded-lg object-cover"
      />
      <span className="line-clamp-2 text-xs">{video.title || t('reportTarget.untitledVideo')}</span>
      {video.status === 'ready' ? null : <span className="text-xs text-muted">{video.status}</span>}
    </div>
  );
}

/** A post's page: its author's channel and its id. */
const postHref = (ownerId: string, postId: string) => `/post/u/${encodeURIComponent(ownerId)}/p/${encodeURIComponent(postId)}`;

/** The reported thing as the moderator needs to judge it (API.md §12 target summary). */
export function ReportTarget({ report, slots }: { report: AdminReport; slots: TargetSlots }) {
  const { t } = useTranslation();
  const { target } = report;
  if (!target.exists) return <p className="text-sm text-muted">{t(`reportTarget.deleted.${report.targetType}`)}</p>;
  return (
    <div className="flex flex-col gap-3">
      {target.removedReason ? (
        <p role="note" className="rounded-lg border border-red-900 bg-red-950/60 px-3 py-2 text-sm text-red-200">
          {t('reportTarget.removed', { reason: target.removedReason })}
        </p>
      ) : null}
      <OwnerLine owner={target.owner} />
      {target.video ? (
        <div className="flex flex-col gap-3">
          {slots.videoPlayer?.(target.video) ?? (
            <Img
              src={target.video.thumbnail}
              fallback="thumbnail"
              alt=""
              className="aspect-video w-full max-w-xl rounded-lg object-cover"
            />
          )}
          <VideoDetails video={target.video} />
        </div>
      ) : null}
      {target.comment ? (
        <div className="flex flex-col gap-2">
          <blockquote className="rounded-lg border-s-4 border-amber-500 bg-raised px-3 py-2 text-sm break-words whitespace-pre-line">
            {target.comment.content}
            <footer className="mt-1 text-xs text-muted">{formatRelativeTime(target.comment.createdAt)}</footer>
          </blockquote>
          {target.comment.videoId ? (
            <>
              <Link to={`/video/watch/${encodeURIComponent(target.comment.videoId)}`} className="w-fit text-sm underline">
                {t('reportTarget.openVideo')}
              </Link>
              {slots.commentThread?.({ kind: 'video', id: target.comment.videoId }, target.comment._id)}
            </>
          ) : target.comment.postId ? (
            slots.commentThread?.({ kind: 'post', id: target.comment.postId }, target.comment._id)
          ) : null}
        </div>
      ) : null}
      {target.post ? (
        <div className="flex flex-col gap-2">
          <blockquote className="rounded-lg bg-raised px-3 py-2 text-sm break-words whitespace-pre-line">
            {target.post.content}
          </blockquote>
          {target.owner && !target.removedReason ? (
            <Link to={postHref(target.owner._id, target.post._id)} className="w-fit text-sm underline">
              {t('reportTarget.openPost')}
            </Link>
          ) : null}
        </div>
      ) : null}
      {target.channel ? (
        target.channel.recentVideos.length === 0 ? (
          <p className="text-sm text-muted">{t('reportTarget.noVideos')}</p>
        ) : (
          <div className="flex gap-3 overflow-x-auto pb-1" aria-label={t('reportTarget.recentVideos')} role="region" tabIndex={0}>
            {target.channel.recentVideos.map((video) => (
              <VideoTile key={video._id} video={video} />
            ))}
          </div>
        )
      ) : null}
    </div>
  );
}
