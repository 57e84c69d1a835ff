import { AuditView } from '@/features/admin/components/audit-view';
import { StaffPage } from '../layouts/staff-page';

/** /admin/audit: the append-only log of staff actions (admin). */
export function AdminAuditPage() {
  return (
    <StaffPage level="admin" title="Audit log">
      <AuditView />
    </StaffPage>
  );
}
