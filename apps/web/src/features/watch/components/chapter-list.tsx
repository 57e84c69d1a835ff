import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { Chapter } from '@streamhub/contract';
import { watchAtHref } from '@/components/timestamped-text';
import { formatDurationHms } from '@/lib/formatters';

/**
 * The chapters under the player (API.md §16): each a link to this page at its start (`?t=`),
 * which the player seeks to, so a chapter can be opened in a new tab or shared as well.
 */
export function ChapterList({ videoId, chapters }: { videoId: string; chapters: readonly Chapter[] }) {
  const { t } = useTranslation();
  if (chapters.length === 0) return null;
  return (
    <nav aria-labelledby="chapters-heading" className="rounded-xl bg-raised p-4 text-sm" data-testid="chapter-list">
      <h2 id="chapters-heading" className="mb-2 font-semibold">
        {t('chapterList.title')}
      </h2>
      <ol className="flex flex-col gap-1">
        {chapters.map((chapter) => (
          <li key={chapter.start}>
            <Link
              to={watchAtHref(videoId, chapter.start)}
              replace
              preventScrollReset
              className="flex gap-3 rounded px-2 py-1 hover:bg-hover"
            >
              <span className="shrink-0 text-sky-400 tabular-nums">{formatDurationHms(chapter.start)}</span>
              <span className="min-w-0 break-words">{chapter.title}</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
