import { SettingsView } from '@/features/admin/components/settings-form';
import { StaffPage } from '../layouts/staff-page';

/** /admin/settings: registrations, default quotas, instance name and terms (admin). */
export function AdminSettingsPage() {
  return (
    <StaffPage level="admin" title="Instance settings">
      <SettingsView />
    </StaffPage>
  );
}
