import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import type { Goal } from '@shared/schemas/goal';
import type { Indicator } from '@shared/schemas/indicator';
import { countProblem, countSchema } from '@shared/schemas/metrics';
import { useQueryClient } from '@tanstack/react-query';
import { performance as hePerformance } from '@web/i18n/performance';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { deleteIndicator, patchGoal, patchIndicator, performanceKeys } from './api';

const t = hePerformance.personal;
type Draft = Partial<Record<MetricKey, string>>;

/** Changed fields of a row as counts, or null when nothing changed; throws on an invalid value. */
function changesOf(row: Record<MetricKey, number>, draft: Draft | undefined) {
  if (!draft) return null;
  const changes: Partial<Record<MetricKey, number>> = {};
  for (const key of METRIC_KEYS) {
    if (draft[key] === undefined) continue;
    // An emptied cell is refused (its message is on the cell), never saved as 0.
    if (countProblem(draft[key], { required: true })) throw new Error(`invalid ${key}`);
    const value = countSchema.parse(draft[key]);
    if (value !== row[key]) changes[key] = value;
  }
  return Object.keys(changes).length ? changes : null;
}

/**
 * 'Edit all' of the daily table and the goal: one PATCH per changed row on save; delete with confirmation
 * (`askRemove` opens the page's confirmation dialog for a row, `remove` deletes that row, `cancelRemove` keeps it).
 */
export function useEditAll(agentId: string, indicators: Indicator[], goal: Goal | null | undefined) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [drafts, setDrafts] = useState<Record<string, Record<MetricKey, string>>>({});
  const [goalDraft, setGoalDraft] = useState<Draft>({});
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: performanceKeys.agent(agentId) }),
      queryClient.invalidateQueries({ queryKey: ['scoreboard'] }),
    ]);
  const stop = () => {
    setEditing(false);
    setDrafts({});
    setGoalDraft({});
  };

  async function save() {
    setSaving(true);
    try {
      // Every value is checked before anything is sent: one bad cell saves nothing.
      let rowChanges: { id: string; changes: NonNullable<ReturnType<typeof changesOf>> }[];
      let goalChanges: ReturnType<typeof changesOf>;
      try {
        rowChanges = indicators.flatMap((row) => {
          const changes = changesOf(row, drafts[row._id]);
          return changes ? [{ id: row._id, changes }] : [];
        });
        goalChanges = goal ? changesOf(goal, goalDraft) : null;
      } catch {
        toast.error(t.saveFailed);
        return;
      }
      const rowCalls = rowChanges.map(({ id, changes }) => patchIndicator(id, changes));
      const [rows, goalResult] = await Promise.all([
        Promise.allSettled(rowCalls),
        goal && goalChanges
          ? patchGoal(goal._id, goalChanges).then(
              () => true,
              // The server's reason when it gives one (a month not yet open, a count out of range).
              (err: unknown) =>
                isSessionEnd(err) ? null : err instanceof ApiError && err.status < 500 ? err.message : false,
            )
          : null,
      ]);
      const failed = rows.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      if (failed.some(isSessionEnd)) return;
      if (failed.length) toast.error(t.saveFailed);
      else toast.success(t.saved);
      if (goalResult === true) toast.success(t.goalsSaved);
      if (goalResult === false) toast.error(t.goalsSaveFailed);
      if (typeof goalResult === 'string') toast.error(`${t.goalsSaveFailed}: ${goalResult}`);
      stop();
      await reload();
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    const id = pendingDelete;
    if (id === null) return;
    setPendingDelete(null);
    try {
      await deleteIndicator(id);
      toast.success(t.deleted);
    } catch (err) {
      if (isSessionEnd(err)) return;
      toast.error(t.deleteFailed);
    }
    await reload();
  }

  return {
    editing,
    saving,
    drafts,
    goalDraft,
    start: () => setEditing(true),
    cancel: stop,
    save,
    pendingDelete,
    askRemove: (id: string) => setPendingDelete(id),
    cancelRemove: () => setPendingDelete(null),
    remove,
    setDraft: (id: string, key: MetricKey, value: string) =>
      setDrafts((d) => ({ ...d, [id]: { ...d[id], [key]: value } as Record<MetricKey, string> })),
    setGoalDraft: (key: MetricKey, value: string) => setGoalDraft((d) => ({ ...d, [key]: value })),
  };
}
