import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { VideoBuyView } from '@/features/purchases/components/video-buy-view';
import { useGoBack } from '@/lib/go-back';

/** /video/buy/{videoId} (SPEC §2, §4): buying leads to the watch page; existing access goes back. */
export function VideoBuyPage() {
  const { videoId = '' } = useParams();
  const navigate = useNavigate();
  const watchHref = `/video/watch/${encodeURIComponent(videoId)}`;
  const goBack = useGoBack(watchHref);
  const toWatch = useCallback(() => void navigate(watchHref, { replace: true }), [navigate, watchHref]);
  return <VideoBuyView key={videoId} videoId={videoId} onHasAccess={goBack} onPurchased={toWatch} />;
}
