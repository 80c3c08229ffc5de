import type { SharedWeek } from '@shared/schemas/report-share';
import { ChartFigure } from '@web/components/chart-figure';
import { reports as heReports } from '@web/i18n/reports';
import { formatDate, formatNumber } from '@web/lib/format';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

const t = heReports;

/** Visits, views and inquiries per week. Views run far higher than the others, so they get their own axis. */
export function SellerChart({ weeks }: { weeks: SharedWeek[] }) {
  const data = weeks.map((w) => ({ ...w, label: formatDate(w.weekStart) }));
  const summary = t.seller.chartSummary(
    data.map((w) =>
      t.seller.chartWeek(
        t.seller.weekOf(w.label),
        formatNumber(w.visits),
        formatNumber(w.views),
        formatNumber(w.inquiries),
      ),
    ),
  );
  return (
    <ChartFigure
      title={t.seller.chartTitle}
      summary={summary}
      titleId="seller-chart-title"
      className="seller-chart"
    >
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="label" reversed tick={{ fontSize: 12 }} />
        <YAxis yAxisId="counts" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
        <YAxis yAxisId="views" orientation="left" allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Legend formatter={(value) => <span className="text-slate-800">{value}</span>} />
        <Bar yAxisId="counts" dataKey="visits" name={t.visits} fill="#255578" isAnimationActive={false} />
        <Bar yAxisId="views" dataKey="views" name={t.views} fill="#e0a030" isAnimationActive={false} />
        <Bar
          yAxisId="counts"
          dataKey="inquiries"
          name={t.inquiries}
          fill="#2f8f5b"
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFigure>
  );
}
