import { useTranslation } from '@/i18n/use-translation';
import { JobsView } from '@/features/admin/components/jobs-view';
import { StaffPage } from '../layouts/staff-page';

/** /admin/jobs: the job queue's counts and failures, with Retry (admin). */
export function AdminJobsPage() {
  const { t } = useTranslation();
  return (
    <StaffPage level="admin" title={t('adminJobs.title')}>
      <JobsView />
    </StaffPage>
  );
}
