import { useId } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { LoadError } from '@/components/ui/list-states';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { NOTIFICATION_TYPES } from '../notification-rules';

/**
 * Which types notify me, in the app and by mail (a digest): two checkboxes per type, each saved as
 * it is changed (PATCH, only that type). Native checkboxes: Tab moves between them, Space toggles.
 */
export function NotificationSettingsForm() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const id = useId();

  if (settings.isPending) return <p className="text-sm text-muted">{t('notificationSettings.loading')}</p>;
  if (settings.isError) {
    return <LoadError message={t('notificationSettings.loadFailed')} onRetry={() => void settings.refetch()} />;
  }

  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-4">
      <legend className="px-1 text-sm font-semibold">{t('notificationSettings.legend')}</legend>
      {NOTIFICATION_TYPES.map((type) => (
        <div key={type} className="flex items-center gap-3">
          <input
            id={`${id}-${type}`}
            type="checkbox"
            className="h-4 w-4 accent-sky-500"
            checked={settings.data.types[type] ?? true}
            onChange={(event) => update.mutate({ types: { [type]: event.target.checked } })}
          />
          <label htmlFor={`${id}-${type}`} className="text-sm">
            {t(`notificationSettings.type.${type}`)}
          </label>
          <input
            id={`${id}-${type}-email`}
            type="checkbox"
            className="ms-auto h-4 w-4 accent-sky-500"
            checked={settings.data.email?.[type] ?? false}
            onChange={(event) => update.mutate({ email: { [type]: event.target.checked } })}
          />
          <label htmlFor={`${id}-${type}-email`} className="text-sm text-muted">
            {t('notificationSettings.byEmail')}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
