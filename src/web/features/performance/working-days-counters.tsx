import type { WorkingDays } from '@shared/domain/working-days';
import { performance as hePerformance } from '@web/i18n/performance';

const t = hePerformance.workingDays;

/** Total, elapsed and remaining working days of the month. */
export function WorkingDaysCounters({ days }: { days: WorkingDays | undefined }) {
  if (!days) return null;
  const items = [
    { label: t.total, value: days.total },
    { label: t.elapsed, value: days.elapsed },
    { label: t.remaining, value: days.remaining },
  ];
  return (
    <section aria-label={t.title}>
      <dl className="grid grid-cols-3 gap-3">
        {items.map((item) => (
          <div key={item.label} className="rounded-xl bg-white p-3 text-center shadow-sm">
            <dt className="text-sm text-slate-600">{item.label}</dt>
            <dd className="text-2xl font-bold text-brand-900">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
