import type { Gender } from '@shared/domain/gender';
import { useQueries } from '@tanstack/react-query';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { NoAccess } from '@web/components/no-access';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { performance as hePerformance } from '@web/i18n/performance';
import { useRef, useState } from 'react';
import { agentPerformanceQuery, goalQuery, type MonthKey, monthIndicatorsQuery, summaryQuery } from './api';
import { ActualVsGoalChart, DailyActivityChart } from './charts';
import { DailyStatusTable } from './daily-status-table';
import { EditAllBar, SaveOrCancel, useEditAllFocus } from './edit-all-actions';
import { GoalTable } from './goal-table';
import { currentMonth, MonthPicker } from './month-picker';
import { PerformanceTable } from './performance-table';
import { PureAdminNote } from './pure-admin-note';
import { SummaryTable } from './summary-table';
import { useEditAll } from './use-edit-all';
import { useRouteAgent } from './use-route-agent';
import { WorkingDaysCounters } from './working-days-counters';

const t = hePerformance;

/** /PersonalIndicator/{agentId?}: one agent's month (performance, daily statuses, goal) and summaries. */
export function PersonalIndicatorPage() {
  const { user, agentId, forbidden, pureAdminSelf } = useRouteAgent();
  if (forbidden) return <NoAccess />;
  if (pureAdminSelf) return <PureAdminNote title={t.personal.title} />;
  return (
    <PersonalIndicators agentId={agentId!} isAdmin={user?.role === 'admin'} viewerGender={user?.gender} />
  );
}

type Props = { agentId: string; isAdmin: boolean; viewerGender: Gender | undefined };

function PersonalIndicators({ agentId, isAdmin, viewerGender }: Props) {
  const [month, setMonth] = useState<MonthKey>(currentMonth);
  const [performance, indicators, goal, weekly, overall] = useQueries({
    queries: [
      agentPerformanceQuery(agentId, month),
      monthIndicatorsQuery(agentId, month),
      goalQuery(agentId, month),
      summaryQuery(agentId, 'weekly'),
      summaryQuery(agentId, 'all'),
    ],
  });
  const rows = indicators.data ?? [];
  const edit = useEditAll(agentId, rows, goal.data);
  const { editAllRef, editAreaRef } = useEditAllFocus(edit.editing);
  // A deleted row takes its delete button with it: focus goes to the table it was in, not to the page's body.
  const dailyStatusRef = useRef<HTMLDivElement>(null);
  const loading = performance.isPending || indicators.isPending;
  const failed = performance.isError || indicators.isError;

  return (
    <Page title={performance.data ? t.personal.titleFor(performance.data.agentName) : t.personal.title} wide>
      <MonthPicker
        key={`${month.year}-${month.month}`}
        value={month}
        onChange={setMonth}
        submitLabel={t.common.search}
        onReset={() => setMonth(currentMonth())}
        // The month's goal is shown here (and set by an admin: edit all), so next year is offered as on /AdminGoals.
        ahead
      />
      {loading ? (
        <StatusMessage busy>{t.common.loading}</StatusMessage>
      ) : failed || !performance.data ? (
        <StatusMessage>{failed ? t.common.generalError : t.common.noData}</StatusMessage>
      ) : (
        <div className="flex flex-col gap-6">
          <WorkingDaysCounters days={performance.data.workingDays} />
          <PerformanceTable title={t.personal.monthlyPerformance} figures={performance.data} />
          {isAdmin && (
            <EditAllBar edit={edit} canStart={rows.length > 0 || !!goal.data} editAllRef={editAllRef} />
          )}
          <div ref={editAreaRef} className="flex flex-col gap-6">
            <div ref={dailyStatusRef} tabIndex={-1}>
              <DailyStatusTable
                indicators={rows}
                canEdit={isAdmin}
                editing={edit.editing}
                drafts={edit.drafts}
                onDraft={edit.setDraft}
                onDelete={edit.askRemove}
              />
            </div>
            <ConfirmDialog
              open={edit.pendingDelete !== null}
              message={t.personal.confirmDelete(viewerGender)}
              confirmLabel={t.personal.delete}
              danger
              onConfirm={async () => {
                await edit.remove();
                dailyStatusRef.current?.focus();
              }}
              onCancel={edit.cancelRemove}
            />
            <div className="grid items-start gap-6 md:grid-cols-3">
              <div className="flex flex-col gap-4">
                <GoalTable
                  goal={goal.data}
                  editing={edit.editing}
                  draft={edit.goalDraft}
                  onDraft={edit.setGoalDraft}
                />
                {edit.editing && <SaveOrCancel edit={edit} label={t.personal.editActionsBottom} />}
              </div>
              <SummaryTable title={t.personal.weekly} summary={weekly.data} />
              <SummaryTable title={t.personal.overall} summary={overall.data} />
            </div>
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <ActualVsGoalChart figures={performance.data} />
            <DailyActivityChart indicators={rows} />
          </div>
        </div>
      )}
    </Page>
  );
}
