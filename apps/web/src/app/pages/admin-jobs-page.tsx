import { JobsView } from '@/features/admin/components/jobs-view';
import { StaffPage } from '../layouts/staff-page';

/** /admin/jobs: the job queue's counts and failures, with Retry (admin). */
export function AdminJobsPage() {
  return (
    <StaffPage level="admin" title="Jobs">
      <JobsView />
    </StaffPage>
  );
}
