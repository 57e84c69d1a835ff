import { useTranslation } from '@/i18n/use-translation';
import { SettingsView } from '@/features/admin/components/settings-form';
import { StaffPage } from '../layouts/staff-page';

/** /admin/settings: registrations, default quotas, instance name and terms (admin). */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  return (
    <StaffPage level="admin" title={t('adminSettings.title')}>
      <SettingsView />
    </StaffPage>
  );
}
