import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** SPEC §2: what the post screens show when the post does not load. */
export function NoPostFound() {
  return (
    <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-center">
      <title>No Post Found · StreamHub</title>
      <h1 className="text-xl font-semibold">No Post Found</h1>
      <Link to="/post" className={buttonClasses('secondary')}>
        Your posts
      </Link>
    </div>
  );
}
