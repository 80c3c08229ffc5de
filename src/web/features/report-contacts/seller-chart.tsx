import type { SharedWeek } from '@shared/schemas/report-share';
import { reports as heReports } from '@web/i18n/reports';
import { formatDate } from '@web/lib/format';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const t = heReports;

/** Visits, views and inquiries per week. Views run far higher than the others, so they get their own axis. */
export function SellerChart({ weeks }: { weeks: SharedWeek[] }) {
  const data = weeks.map((w) => ({ ...w, label: formatDate(w.weekStart) }));
  return (
    <figure className="seller-chart" aria-labelledby="seller-chart-title">
      <figcaption id="seller-chart-title" className="mb-2 text-lg font-bold text-brand-900">
        {t.seller.chartTitle}
      </figcaption>
      <div dir="ltr" className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
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
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
