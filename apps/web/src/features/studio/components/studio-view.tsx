import { useState } from 'react';
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

const count = (n: number) => n.toLocaleString('en');
const minutes = (n: number) => formatWatchMinutes(n);
const percent = (n: number) => `${Math.round(n * 100)} %`;
const step = 100 / (RETENTION_POINTS - 1);

/** The studio's numbers for a range: views, watch time, retention and revenue, each a chart with its table. */
export function StudioView({ videoId, formatAmount }: StudioViewProps) {
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
        <LoadError
          message={errorText(analytics.error, 'Failed to load analytics. Please try again later.')}
          onRetry={() => void analytics.refetch()}
        />
      ) : (
        <>
          <dl className="flex flex-wrap gap-6 text-sm" aria-live="polite">
            <div>
              <dt className="text-muted">Views</dt>
              <dd className="text-xl font-semibold tabular-nums">{count(totalViews)}</dd>
            </div>
            <div>
              <dt className="text-muted">Average view duration</dt>
              <dd className="text-xl font-semibold tabular-nums">{average}</dd>
            </div>
            <div>
              <dt className="text-muted">Revenue</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {formatAmount(Math.round(data.revenue.reduce((s, r) => s + r.amount, 0) * 100) / 100)}
              </dd>
            </div>
          </dl>
          <div className="grid gap-6 lg:grid-cols-2">
            <AnalyticsChart
              title="Views per day"
              columns={['Day', 'Views']}
              points={data.views.map((v) => ({ label: v.day, value: v.count }))}
              kind="bar"
              format={count}
              filename={`views-${name}`}
            />
            <AnalyticsChart
              title="Watch time per day"
              columns={['Day', 'Watch time (seconds)']}
              points={data.watchSeconds.map((w) => ({ label: w.day, value: w.seconds }))}
              kind="bar"
              format={minutes}
              filename={`watch-time-${name}`}
            />
            <AnalyticsChart
              title="Audience retention"
              columns={['Point of the video', 'Viewers still watching']}
              points={data.retention.map((r, i) => ({ label: `${Math.round(i * step)} %`, value: r }))}
              kind="line"
              format={percent}
              filename={`retention-${name}`}
            />
            <AnalyticsChart
              title="Revenue per day"
              columns={['Day', 'Revenue']}
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
