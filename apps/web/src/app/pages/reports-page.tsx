import { useTranslation } from '@/i18n/use-translation';
import { MyReportsView } from '@/features/reports/components/my-reports-view';

/** /reports: the reports I made and their states (API.md §12). */
export function ReportsPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="reports-title" className="mx-auto flex max-w-4xl flex-col gap-6">
      <title>{t('reportsPage.documentTitle')}</title>
      <h1 id="reports-title" className="text-2xl font-bold">
        {t('reportsPage.title')}
      </h1>
      <MyReportsView />
    </section>
  );
}
