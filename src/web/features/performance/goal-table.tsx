import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import type { Goal } from '@shared/schemas/goal';
import { he } from '@web/i18n/he';
import { MetricInput } from './metric-input';

const t = he.performance;

/** The month's goal of the agent; editable in the admin's 'edit all' mode. */
export function GoalTable({
  goal,
  editing,
  draft,
  onDraft,
}: {
  goal: Goal | null | undefined;
  editing: boolean;
  draft: Partial<Record<MetricKey, string>>;
  onDraft(key: MetricKey, value: string): void;
}) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="w-full min-w-[32rem] text-start">
        <caption className="p-3 text-start text-lg font-bold text-brand-900">
          {t.personal.monthlyGoal}
        </caption>
        <thead className="bg-brand-50 text-sm">
          <tr>
            {METRIC_KEYS.map((key) => (
              <th key={key} scope="col" className="p-2 text-start">
                {t.metrics[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {goal ? (
              METRIC_KEYS.map((key) => (
                <td key={key} className="p-2">
                  {editing ? (
                    <MetricInput
                      label={`${t.common.goal} ${t.metrics[key]}`}
                      value={draft[key] ?? String(goal[key])}
                      onChange={(value) => onDraft(key, value)}
                    />
                  ) : (
                    goal[key]
                  )}
                </td>
              ))
            ) : (
              <td colSpan={METRIC_KEYS.length} className="p-4 text-center text-slate-600">
                {t.common.noData}
              </td>
            )}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
