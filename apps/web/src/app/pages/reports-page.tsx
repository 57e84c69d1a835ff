import { MyReportsView } from '@/features/reports/components/my-reports-view';

/** /reports: the reports I made and their states (API.md §12). */
export function ReportsPage() {
  return (
    <section aria-labelledby="reports-title" className="mx-auto flex max-w-4xl flex-col gap-6">
      <title>My Reports · StreamHub</title>
      <h1 id="reports-title" className="text-2xl font-bold">
        My Reports
      </h1>
      <MyReportsView />
    </section>
  );
}
