import { useTranslation } from '@/i18n/use-translation';
import { UsersView } from '@/features/admin/components/users-view';
import { StaffPage } from '../layouts/staff-page';

/** /admin/users: accounts, roles, limits, suspensions and approvals (admin). */
export function AdminUsersPage() {
  const { t } = useTranslation();
  return (
    <StaffPage level="admin" title={t('adminUsers.title')}>
      <UsersView />
    </StaffPage>
  );
}
