import { UsersView } from '@/features/admin/components/users-view';
import { StaffPage } from '../layouts/staff-page';

/** /admin/users: accounts, roles, limits, suspensions and approvals (admin). */
export function AdminUsersPage() {
  return (
    <StaffPage level="admin" title="Users">
      <UsersView />
    </StaffPage>
  );
}
