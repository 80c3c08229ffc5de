import type { Metrics } from '@shared/domain/metrics';
import type { WorkingDays } from '@shared/domain/working-days';
import type {
  AgentMonth,
  AgentPerformance,
  BranchGoal,
  CompanyPerformance,
  Goal,
} from '@shared/schemas/goal';
import type { Indicator, Summary } from '@shared/schemas/indicator';
import type { PipelinePerformance } from '@shared/schemas/lead-settings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

type Data<T> = { data: T };
export type MonthKey = { year: number; month: number };
export type AgentPerformanceData = AgentPerformance & { workingDays: WorkingDays };
export type CompanyPerformanceData = CompanyPerformance & { workingDays: WorkingDays };

export const performanceKeys = {
  all: ['performance'] as const,
  agent: (agentId: string) => ['performance', 'agent', agentId] as const,
};

export const monthIndicatorsQuery = (agentId: string, { year, month }: MonthKey) =>
  queryOptions({
    queryKey: [...performanceKeys.agent(agentId), 'indicators', year, month],
    queryFn: () =>
      apiRequest<Data<{ indicators: Indicator[] }>>(
        `/indicators/filterByDate?agent=${agentId}&year=${year}&month=${month}&last7DaysOnly=false`,
      ).then((r) => r.data.indicators),
  });

export const summaryQuery = (agentId: string, period: 'weekly' | 'monthly' | 'all') =>
  queryOptions({
    queryKey: [...performanceKeys.agent(agentId), 'summary', period],
    queryFn: () =>
      apiRequest<Data<Summary>>(`/indicators/summary/${period}`, { body: { id: agentId } }).then(
        (r) => r.data,
      ),
  });

export const goalQuery = (agentId: string, { year, month }: MonthKey) =>
  queryOptions({
    queryKey: [...performanceKeys.agent(agentId), 'goal', year, month],
    queryFn: () =>
      apiRequest<Data<{ goal: Goal | null }>>(
        `/goals/getGoalByAgentAndMonth/${agentId}/${year}/${month}`,
      ).then((r) => r.data.goal),
  });

export const agentPerformanceQuery = (agentId: string, { year, month }: MonthKey) =>
  queryOptions({
    queryKey: [...performanceKeys.agent(agentId), 'performance', year, month],
    queryFn: () =>
      apiRequest<Data<AgentPerformanceData>>(`/goals/performance/${agentId}/${year}/${month}`).then(
        (r) => r.data,
      ),
  });

/** `?branch=<id>`: one branch's table (a network admin's choice); none: the session's own scope. */
const branchQuery = (branch: string | undefined, joiner: '?' | '&') =>
  branch ? `${joiner}branch=${encodeURIComponent(branch)}` : '';

export const allPerformanceQuery = ({ year, month }: MonthKey, branch?: string) =>
  queryOptions({
    queryKey: [...performanceKeys.all, 'all', year, month, branch ?? null],
    queryFn: () =>
      apiRequest<Data<AgentMonth[]>>(
        `/goals/performance/all/${year}/${month}${branchQuery(branch, '?')}`,
      ).then((r) => r.data),
  });

export const companyPerformanceQuery = ({ year, month }: MonthKey, branch?: string) =>
  queryOptions({
    queryKey: [...performanceKeys.all, 'company', year, month, branch ?? null],
    queryFn: () =>
      apiRequest<Data<CompanyPerformanceData>>(
        `/goals/companyPerformance?year=${year}&month=${month}${branchQuery(branch, '&')}`,
      ).then((r) => r.data),
  });

/** A daily entry; `idempotencyKey` makes a resend of the same entry (a lost answer) store it once. */
export const createIndicator = (
  body: Partial<Metrics> & { agent: string[]; createdAt: string },
  idempotencyKey?: string,
) =>
  apiRequest<Data<{ indicator: Indicator }>>('/indicators', {
    body,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
  });
export const patchIndicator = (id: string, body: Partial<Metrics>) =>
  apiRequest<Data<{ indicator: Indicator }>>(`/indicators/${id}`, { method: 'PATCH', body });
export const deleteIndicator = (id: string) => apiRequest<unknown>(`/indicators/${id}`, { method: 'DELETE' });
export const createGoal = (
  body: Metrics & { agent: string[]; year: number; month: number; createdAt: string },
) => apiRequest<Data<{ goal: Goal }>>('/goals', { body });
export const patchGoal = (id: string, body: Partial<Metrics>) =>
  apiRequest<Data<{ goal: Goal }>>(`/goals/${id}`, { method: 'PATCH', body });

/** The month's leads per agent: response times in office hours, stages, deals (GET /pipeline/performance). */
export const leadsPerformanceQuery = ({ year, month }: MonthKey) =>
  queryOptions({
    queryKey: [...performanceKeys.all, 'leads', year, month],
    queryFn: () =>
      apiRequest<Data<PipelinePerformance>>(`/pipeline/performance?year=${year}&month=${month}`).then(
        (r) => r.data,
      ),
  });

export const branchGoalQuery = (branchId: string, { year, month }: MonthKey) =>
  queryOptions({
    queryKey: ['performance', 'branch', branchId, 'goal', year, month] as const,
    queryFn: () =>
      apiRequest<Data<{ branchGoal: BranchGoal }>>(`/branches/${branchId}/goals/${year}/${month}`).then(
        (r) => r.data.branchGoal,
      ),
  });

/** Sets the branch's goal of the month (a body), or clears it (none): the answer is the branch goal after. */
export const writeBranchGoal = (branchId: string, { year, month }: MonthKey, body?: Metrics) =>
  apiRequest<Data<{ branchGoal: BranchGoal }>>(`/branches/${branchId}/goals/${year}/${month}`, {
    method: body ? 'PUT' : 'DELETE',
    body,
  }).then((r) => r.data.branchGoal);
