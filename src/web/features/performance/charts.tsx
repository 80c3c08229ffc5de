import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import type { MetricPerformance } from '@shared/schemas/goal';
import type { Indicator } from '@shared/schemas/indicator';
import { performance as hePerformance } from '@web/i18n/performance';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const t = hePerformance;
const COLORS: Record<MetricKey, string> = {
  meetings: '#1d4ed8',
  exclusives: '#7c3aed',
  priceUpdates: '#0891b2',
  buyerTours: '#059669',
  priceOffers: '#d97706',
  deals: '#dc2626',
};

export function ChartFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure className="rounded-xl bg-white p-3 shadow-sm">
      <figcaption className="mb-2 text-lg font-bold text-brand-900">{title}</figcaption>
      {/* Charts read left to right like their numbers, inside the RTL page. */}
      <div dir="ltr" className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {children as React.ReactElement}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Actual against goal for each metric of the month. */
export function ActualVsGoalChart({ figures }: { figures: Record<MetricKey, MetricPerformance> }) {
  const data = METRIC_KEYS.map((key) => ({
    name: t.metrics[key],
    [t.common.actual]: figures[key].actual,
    [t.common.goal]: figures[key].goal ?? 0,
  }));
  return (
    <ChartFrame title={t.personal.chartActualVsGoal}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey={t.common.actual} fill="#1d4ed8" />
        <Bar dataKey={t.common.goal} fill="#94a3b8" />
      </BarChart>
    </ChartFrame>
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
  return (
    <ChartFrame title={t.personal.chartDaily}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {METRIC_KEYS.map((key) => (
          <Bar key={key} dataKey={t.metrics[key]} stackId="day" fill={COLORS[key]} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** Agents side by side: each one's month score by the ranking's rules. */
export function AgentsComparisonChart({ data }: { data: { name: string; score: number }[] }) {
  return (
    <ChartFrame title={t.office.chart}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="score" name={t.office.chartScore} fill="#1d4ed8" />
      </BarChart>
    </ChartFrame>
  );
}
