import { useSearchParams } from 'react-router';
import { VideoFilterSummary } from '@/features/videos/components/video-filter-summary';
import { readVideoFilters } from '@/features/videos/video-filters';

/**
 * /home: the paged video grid (SPEC §2). The grid itself arrives with the videos issue; the URL
 * filters (query, name, sortBy, sortType, page) are already parsed here for it.
 */
export function HomePage() {
  const [params] = useSearchParams();
  const filters = readVideoFilters(params);
  return (
    <section aria-labelledby="home-title" className="flex flex-col gap-2">
      <title>Home · StreamHub</title>
      <h1 id="home-title" className="text-2xl font-bold">
        Home
      </h1>
      <VideoFilterSummary filters={filters} />
      <p className="mt-6 rounded-2xl border border-dashed border-line p-10 text-center text-muted">Videos will appear here.</p>
    </section>
  );
}
