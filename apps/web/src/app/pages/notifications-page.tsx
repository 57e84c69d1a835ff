import { useTranslation } from '@/i18n/use-translation';
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings-form';
import { NotificationsView } from '@/features/notifications/components/notifications-view';

/** /notifications (API.md §13): my notifications, newest first, and which types I receive. */
export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <title>{t('notificationsPage.documentTitle')}</title>
      <section aria-labelledby="notifications-title" className="flex flex-col gap-4">
        <h1 id="notifications-title" className="text-2xl font-bold">
          {t('notificationsPage.title')}
        </h1>
        <NotificationsView />
      </section>
      <section aria-labelledby="notification-settings-title" className="flex flex-col gap-3">
        <h2 id="notification-settings-title" className="text-lg font-semibold">
          {t('notificationsPage.settings')}
        </h2>
        <NotificationSettingsForm />
      </section>
    </div>
  );
}
