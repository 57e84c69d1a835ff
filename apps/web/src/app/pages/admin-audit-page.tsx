import { useTranslation } from '@/i18n/use-translation';
import { AuditView } from '@/features/admin/components/audit-view';
import { StaffPage } from '../layouts/staff-page';

/** /admin/audit: the append-only log of staff actions (admin). */
export function AdminAuditPage() {
  const { t } = useTranslation();
  return (
    <StaffPage level="admin" title={t('adminAudit.title')}>
      <AuditView />
    </StaffPage>
  );
}
