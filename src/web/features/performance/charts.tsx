import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import type { MetricPerformance } from '@shared/schemas/goal';
import type { Indicator } from '@shared/schemas/indicator';
import { ChartFigure } from '@web/components/chart-figure';
import { performance as hePerformance } from '@web/i18n/performance';
import { formatNumber } from '@web/lib/format';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

const t = hePerformance;
const COLORS: Record<MetricKey, string> = {
  meetings: '#1d4ed8',
  exclusives: '#7c3aed',
  priceUpdates: '#0891b2',
  buyerTours: '#059669',
  priceOffers: '#d97706',
  deals: '#dc2626',
};
const FRAME = 'rounded-xl bg-white p-3 shadow-sm';

/** Actual against goal for each metric of the month. */
export function ActualVsGoalChart({ figures }: { figures: Record<MetricKey, MetricPerformance> }) {
  const data = METRIC_KEYS.map((key) => ({
    name: t.metrics[key],
    [t.common.actual]: figures[key].actual,
    [t.common.goal]: figures[key].goal ?? 0,
  }));
  const summary = t.charts.actualVsGoal(
    METRIC_KEYS.map((key) => {
      const { actual, goal } = figures[key];
      return t.charts.actualVsGoalItem(
        t.metrics[key],
        formatNumber(actual),
        goal === null ? null : formatNumber(goal),
      );
    }),
  );
  return (
    <ChartFigure title={t.personal.chartActualVsGoal} summary={summary} className={FRAME}>
      <BarChart data={data} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey={t.common.actual} fill="#1d4ed8" />
        <Bar dataKey={t.common.goal} fill="#94a3b8" />
      </BarChart>
    </ChartFigure>
  );
}

/** The month's activity per day, stacked by metric (days in Israel time). */
export function DailyActivityChart({ indicators }: { indicators: Indicator[] }) {
  const byDay = new Map<string, Record<string, number | string>>();
  for (const row of indicators) {
    const day = israelDate(new Date(row.createdAt)).slice(8);
    const entry = byDay.get(day) ?? { day: Number(day) };
    for (const key of METRIC_KEYS) entry[t.metrics[key]] = Number(entry[t.metrics[key]] ?? 0) + row[key];
    byDay.set(day, entry);
  }
  const data = [...byDay.values()].sort((a, b) => Number(a.day) - Number(b.day));
  const totals = METRIC_KEYS.map((key) =>
    t.charts.figure(t.metrics[key], formatNumber(indicators.reduce((sum, row) => sum + row[key], 0))),
  );
  const summary = data.length ? t.charts.daily(data.length, totals) : t.charts.dailyEmpty;
  return (
    <ChartFigure title={t.personal.chartDaily} summary={summary} className={FRAME}>
      <BarChart data={data} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {METRIC_KEYS.map((key) => (
          <Bar key={key} dataKey={t.metrics[key]} stackId="day" fill={COLORS[key]} />
        ))}
      </BarChart>
    </ChartFigure>
  );
}

/** Agents side by side: each one's month score by the ranking's rules. */
export function AgentsComparisonChart({ data }: { data: { name: string; score: number }[] }) {
  const summary = t.charts.agents(data.map((a) => t.charts.figure(a.name, formatNumber(a.score))));
  return (
    <ChartFigure title={t.office.chart} summary={summary} className={FRAME}>
      <BarChart data={data} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="score" name={t.office.chartScore} fill="#1d4ed8" />
      </BarChart>
    </ChartFigure>
  );
}
