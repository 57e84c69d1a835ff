import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/components/ui/button';
import { downloadCsv, toCsv } from '../analytics-csv';

export type ChartPoint = { label: string; value: number };

type AnalyticsChartProps = {
  title: string;
  /** The two columns of the table view and the CSV: what a label is, what a value is. */
  columns: readonly [string, string];
  points: readonly ChartPoint[];
  kind: 'bar' | 'line';
  /** How a value reads in the tooltip, the axis and the table. */
  format: (value: number) => string;
  /** The CSV's file name, without `.csv`. */
  filename: string;
};

const AXIS = { stroke: '#a1a1aa', fontSize: 12 };

/**
 * One of the studio's charts (recharts, with its keyboard layer: focus the chart and use the arrow
 * keys), and its "Table view": the same numbers in a table, for screen readers and for reading
 * exact values. "Export CSV" saves the shown numbers.
 */
export function AnalyticsChart({ title, columns, points, kind, format, filename }: AnalyticsChartProps) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const data = points.map((p) => ({ label: p.label, value: p.value }));
  const exportCsv = () =>
    downloadCsv(
      `${filename}.csv`,
      toCsv(
        columns,
        points.map((p) => [p.label, p.value]),
      ),
    );

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-panel p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="me-auto text-lg font-semibold">
          {title}
        </h2>
        <Button variant="secondary" size="sm" aria-pressed={asTable} onClick={() => setAsTable((on) => !on)}>
          {t('analyticsChart.tableView')}
        </Button>
        <Button variant="secondary" size="sm" onClick={exportCsv}>
          {t('analyticsChart.exportCsv')}
        </Button>
      </header>
      {asTable ? (
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pe-4 font-medium text-muted">
                  {columns[0]}
                </th>
                <th scope="col" className="py-1 font-medium text-muted">
                  {columns[1]}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.label} className="border-t border-line">
                  <th scope="row" className="py-1 pe-4 font-normal">
                    {p.label}
                  </th>
                  <td className="py-1 tabular-nums">{format(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="keep-dark h-64 w-full rounded-lg bg-panel p-2" data-testid="analytics-chart">
          <ResponsiveContainer width="100%" height="100%">
            {kind === 'bar' ? (
              <BarChart data={data} title={title} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="#3f3f46" vertical={false} />
                <XAxis dataKey="label" tick={AXIS} minTickGap={16} />
                <YAxis tick={AXIS} tickFormatter={format} width={64} allowDecimals={false} />
                <Tooltip
                  formatter={(v) => format(Number(v))}
                  contentStyle={{ background: '#18181b', border: '1px solid #3f3f46' }}
                />
                <Bar dataKey="value" name={columns[1]} fill="#38bdf8" isAnimationActive={false} />
              </BarChart>
            ) : (
              <LineChart data={data} title={title} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="#3f3f46" vertical={false} />
                <XAxis dataKey="label" tick={AXIS} minTickGap={16} />
                <YAxis tick={AXIS} tickFormatter={format} width={64} domain={[0, 1]} />
                <Tooltip
                  formatter={(v) => format(Number(v))}
                  contentStyle={{ background: '#18181b', border: '1px solid #3f3f46' }}
                />
                <Line dataKey="value" name={columns[1]} stroke="#38bdf8" strokeWidth={2} dot={false} isAnimationActive={false} />
              </LineChart>
            )}
          </ResponsiveContainer>
        </div>
      )}
    </section>
  );
}
