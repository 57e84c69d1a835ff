import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { RETENTION_POINTS } from '@streamhub/contract';
import { LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { errorText } from '@/lib/api-client';
import { formatSeconds, formatWatchMinutes } from '@/lib/formatters';
import { useStudioAnalytics } from '../api/get-studio-analytics';
import { DEFAULT_RANGE_DAYS, lastDays, todayUtc, type DayRange } from '../studio-range';
import { AnalyticsChart } from './analytics-chart';
import { DateRangePicker } from './date-range-picker';

type StudioViewProps = {
  /** One of the caller's videos, or none for the whole channel. */
  videoId?: string;
  /** How an amount of money reads (the purchases feature's format, composed by the page). */
  formatAmount: (amount: number) => string;
};

/** Numbers in the page's language (English's own for en and the pseudo-locale). */
const numberLocale = (language: string) => (language.startsWith('en') ? 'en' : language);
const percent = (n: number) => `${Math.round(n * 100)} %`;
const step = 100 / (RETENTION_POINTS - 1);

/** The studio's numbers for a range: views, watch time, retention and revenue, each a chart with its table. */
export function StudioView({ videoId, formatAmount }: StudioViewProps) {
  const { t, i18n } = useTranslation();
  const locale = numberLocale(i18n.language);
  const count = (n: number) => n.toLocaleString(locale);
  const minutes = (n: number) => formatWatchMinutes(n);
  const [range, setRange] = useState<DayRange>(() => lastDays(DEFAULT_RANGE_DAYS, todayUtc()));
  const analytics = useStudioAnalytics(videoId, range);
  const data = analytics.data;
  const name = `${videoId ? `video-${videoId}` : 'channel'}-${range.from}-to-${range.to}`;
  const average = data ? formatSeconds(data.averageViewSeconds) : '…';
  const totalViews = data ? data.views.reduce((s, v) => s + v.count, 0) : 0;

  return (
    <div className="flex flex-col gap-6">
      <DateRangePicker value={range} onChange={setRange} />
      {analytics.isPending ? (
        <LoadingScreen />
      ) : analytics.isError || !data ? (
        <LoadError message={errorText(analytics.error, t('studioView.loadFailed'))} onRetry={() => void analytics.refetch()} />
      ) : (
        <>
          <dl className="flex flex-wrap gap-6 text-sm" aria-live="polite">
            <div>
              <dt className="text-muted">{t('studioView.views')}</dt>
              <dd className="text-xl font-semibold tabular-nums">{count(totalViews)}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('studioView.average')}</dt>
              <dd className="text-xl font-semibold tabular-nums">{average}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('studioView.revenue')}</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {formatAmount(Math.round(data.revenue.reduce((s, r) => s + r.amount, 0) * 100) / 100)}
              </dd>
            </div>
          </dl>
          <div className="grid gap-6 lg:grid-cols-2">
            <AnalyticsChart
              title={t('studioView.viewsPerDay')}
              columns={[t('studioView.day'), t('studioView.views')]}
              points={data.views.map((v) => ({ label: v.day, value: v.count }))}
              kind="bar"
              format={count}
              filename={`views-${name}`}
            />
            <AnalyticsChart
              title={t('studioView.watchPerDay')}
              columns={[t('studioView.day'), t('studioView.watchSeconds')]}
              points={data.watchSeconds.map((w) => ({ label: w.day, value: w.seconds }))}
              kind="bar"
              format={minutes}
              filename={`watch-time-${name}`}
            />
            <AnalyticsChart
              title={t('studioView.retention')}
              columns={[t('studioView.point'), t('studioView.stillWatching')]}
              points={data.retention.map((r, i) => ({ label: `${Math.round(i * step)} %`, value: r }))}
              kind="line"
              format={percent}
              filename={`retention-${name}`}
            />
            <AnalyticsChart
              title={t('studioView.revenuePerDay')}
              columns={[t('studioView.day'), t('studioView.revenue')]}
              points={data.revenue.map((r) => ({ label: r.day, value: r.amount }))}
              kind="bar"
              format={formatAmount}
              filename={`revenue-${name}`}
            />
          </div>
        </>
      )}
    </div>
  );
}
