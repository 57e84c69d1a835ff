import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PlaylistDetailView } from '@/features/playlists/components/playlist-detail-view';
import { PlaylistOffer } from '@/features/purchases/components/playlist-offer';
import { useGoBack } from '@/lib/go-back';

/** /playlist/p/{id} and /playlist/u/{channelId}/p/{id} (SPEC §2): a missing playlist goes back one page. */
export function PlaylistDetailPage() {
  const { playlistId = '', channelId } = useParams();
  const navigate = useNavigate();
  const goBack = useGoBack(channelId ? `/playlist/u/${encodeURIComponent(channelId)}` : '/playlist');
  const toOwnPlaylists = useCallback(() => void navigate('/playlist', { replace: true }), [navigate]);
  return (
    <PlaylistDetailView
      key={playlistId}
      playlistId={playlistId}
      renderOffer={(playlist) => <PlaylistOffer playlist={playlist} />}
      onNotFound={goBack}
      onDeleted={toOwnPlaylists}
    />
  );
}
