import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { PlaylistSummary } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { PlaylistIcon } from '@/components/ui/icons';
import { Img } from '@/components/ui/img';
import { ExclusiveMarker } from './exclusive-marker';
import { LastUpdated } from './last-updated';

type PlaylistCardProps = {
  playlist: PlaylistSummary;
  href: string;
  /** The owner's 'Delete Playlist' (asks first). */
  onDelete?: () => void;
  deleting?: boolean;
};

/** A card on /playlist: poster, exclusive marker, name, description, 'Last updated', 'Videos: n' (SPEC §2). */
export function PlaylistCard({ playlist, href, onDelete, deleting }: PlaylistCardProps) {
  const { t } = useTranslation();
  const count = playlist.videos.length;
  return (
    <article aria-label={playlist.name} data-testid="playlist-card" className="group flex h-full flex-col gap-3">
      {/* The name link below is the keyboard target; the poster is a mouse shortcut. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" className="relative block overflow-hidden rounded-xl bg-raised">
        <Img
          src={playlist.poster?.thumbnail}
          fallback="poster"
          alt=""
          loading="lazy"
          className="aspect-video w-full object-cover transition-transform group-hover:scale-[1.02]"
        />
        <span className="keep-dark absolute inset-y-0 end-0 flex w-1/3 flex-col items-center justify-center gap-1 bg-black/70 text-sm font-medium">
          <PlaylistIcon className="text-xl" />
          {count}
        </span>
        {playlist.isExclusive ? <ExclusiveMarker className="absolute top-2 start-2" /> : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="line-clamp-3 font-semibold break-words">
          <Link to={href} className="rounded hover:underline">
            {playlist.name}
          </Link>
        </h2>
        {playlist.isExclusive ? <span className="sr-only">{t('playlists.exclusivePlaylist')}</span> : null}
        <p className="line-clamp-6 text-sm break-words whitespace-pre-line text-zinc-400">{playlist.description}</p>
        <LastUpdated value={playlist.updatedAt} className="text-xs text-muted" />
        <p className="text-xs text-muted">{t('playlists.videoCount', { count })}</p>
      </div>
      {onDelete ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={deleting}
          aria-label={t('playlists.deleteNamed', { name: playlist.name })}
          onClick={onDelete}
        >
          {t('playlists.delete')}
        </Button>
      ) : null}
    </article>
  );
}
