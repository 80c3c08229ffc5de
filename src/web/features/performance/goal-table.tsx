import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import type { Goal } from '@shared/schemas/goal';
import { performance as hePerformance } from '@web/i18n/performance';
import { MetricInput } from './metric-input';

const t = hePerformance;

/**
 * The month's goal of the agent, one row per metric (two columns: it fits a phone); editable in the admin's
 * 'edit all' mode.
 */
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
    <div className="rounded-xl bg-white shadow-sm">
      <table className="w-full text-start">
        <caption className="p-3 text-start text-lg font-bold text-brand-900">
          {t.personal.monthlyGoal}
        </caption>
        <thead className="bg-brand-50 text-sm">
          <tr>
            <th scope="col" className="p-2 text-start">
              {t.common.metric}
            </th>
            <th scope="col" className="p-2 text-start">
              {t.common.goal}
            </th>
          </tr>
        </thead>
        <tbody>
          {goal ? (
            METRIC_KEYS.map((key) => (
              <tr key={key} className="border-t border-slate-100">
                <th scope="row" className="p-2 text-start font-medium">
                  {t.metrics[key]}
                </th>
                <td className="p-2">
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
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={2} className="p-4 text-center text-slate-600">
                {t.common.noData}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
