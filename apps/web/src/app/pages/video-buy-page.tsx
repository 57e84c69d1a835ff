import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { VideoBuyView } from '@/features/purchases/components/video-buy-view';
import { openedByRefusal } from '@/features/purchases/access-refusal';
import { canGoBack, useGoBack } from '@/lib/go-back';

/** /video/buy/{videoId} (SPEC §2, §4): buying leads to the watch page; existing access goes back. */
export function VideoBuyPage() {
  const { videoId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const watchHref = `/video/watch/${encodeURIComponent(videoId)}`;
  const goBack = useGoBack(watchHref);
  const toWatch = useCallback(() => void navigate(watchHref, { replace: true }), [navigate, watchHref]);
  // Opened directly by a refused watch call, "back" would be that same watch page again.
  const backLoops = openedByRefusal(location.state) && !canGoBack(window.history.state);
  return <VideoBuyView key={videoId} videoId={videoId} onHasAccess={backLoops ? undefined : goBack} onPurchased={toWatch} />;
}
