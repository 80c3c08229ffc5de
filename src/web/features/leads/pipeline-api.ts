import type { createActivitySchema, updateActivitySchema } from '@shared/schemas/activities';
import type {
  Availability,
  BranchLeadSettings,
  BranchLeadSettingsBody,
  LeadSettings,
  UpdateAvailabilityBody,
} from '@shared/schemas/lead-settings';
import type {
  Activity,
  createLeadSchema,
  LeadDetail,
  LeadSummary,
  updateLeadSchema,
} from '@shared/schemas/pipeline';
import type { ValuationBody } from '@shared/schemas/valuation';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { z } from 'zod';

/** What the forms send: the schemas' input (times as datetime-local text, read as Israel time by the server). */
export type CreateLeadInput = z.input<typeof createLeadSchema>;
export type UpdateLeadInput = z.input<typeof updateLeadSchema>;
type CreateActivityInput = z.input<typeof createActivitySchema>;
type UpdateActivityInput = z.input<typeof updateActivitySchema>;

type Data<T> = { data: T };
type Person = { _id: string; name: string };

/** The table's filters as the URL and the API read them (empty: not filtered). */
export type LeadFilter = {
  ownerId: string;
  status: string;
  source: string;
  overdue: string;
  from: string;
  to: string;
  q: string;
};
export const NO_LEAD_FILTER: LeadFilter = {
  ownerId: '',
  status: '',
  source: '',
  overdue: '',
  from: '',
  to: '',
  q: '',
};

/** The query string of the filters that are set (shared by the list and the CSV export). */
function filterQuery(filter: Partial<LeadFilter>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(
    Object.entries({ ...filter, ...extra }).filter(([, value]) => value !== undefined && value !== ''),
  );
  return params.size > 0 ? `?${params}` : '';
}

type LeadList = {
  leads: LeadSummary[];
  /** Counted up to a cap: `totalCapped` says there are more than `total`. */
  total: number;
  totalCapped: boolean;
  pageSize: number;
  nextCursor: string | null;
  prevCursor: string | null;
  owners: Person[];
};
type BoardColumn = {
  status: LeadSummary['status'];
  total: number;
  leads: LeadSummary[];
  /** Where the column's next cards start (null: all are here). */
  nextCursor: string | null;
};
export type Board = { columns: BoardColumn[] };
export type BoardFilter = { ownerId: string; source: string };
type MyDay = { newLeads: LeadSummary[]; overdue: LeadSummary[]; today: LeadSummary[] };

/** Every pipeline read shares this prefix: one invalidation refreshes board, table, lead page and the day. */
const pipelineKey = ['pipeline'] as const;

/** A page of the table: the first one (no cursor) or the one a previous answer's cursor names. */
const leadListQuery = (filter: LeadFilter, cursor: string, pageSize?: number) =>
  queryOptions({
    queryKey: [...pipelineKey, 'list', filter, cursor, pageSize],
    queryFn: () =>
      apiRequest<Data<LeadList>>(
        `/pipeline/leads${filterQuery(filter, { cursor, pageSize: pageSize ? String(pageSize) : '' })}`,
      ).then((r) => r.data),
    staleTime: 0,
  });
export const useLeadList = (filter: LeadFilter, cursor: string) =>
  useQuery({ ...leadListQuery(filter, cursor), placeholderData: keepPreviousData });
/** The owners to filter by (admins): they come with any page of the list, so one lead's page is read. */
export const useLeadOwners = () => useQuery(leadListQuery(NO_LEAD_FILTER, '', 1)).data?.owners ?? [];

const boardQuery = (filter: BoardFilter) =>
  queryOptions({
    queryKey: [...pipelineKey, 'board', filter],
    queryFn: () => apiRequest<Data<Board>>(`/pipeline/board${filterQuery(filter)}`).then((r) => r.data),
    staleTime: 0,
  });
export const useBoard = (filter: BoardFilter) =>
  useQuery({ ...boardQuery(filter), placeholderData: keepPreviousData });

/** A column's next cards after `cursor` (the board's "טעינת עוד"). */
export const fetchBoardColumn = (filter: BoardFilter, status: LeadSummary['status'], cursor: string) =>
  apiRequest<Data<Omit<BoardColumn, 'total'>>>(
    `/pipeline/board/column${filterQuery(filter, { status, cursor })}`,
  ).then((r) => r.data);

const leadQuery = (id: string) =>
  queryOptions({
    queryKey: [...pipelineKey, 'lead', id],
    queryFn: () =>
      apiRequest<Data<{ lead: LeadDetail }>>(`/pipeline/leads/${encodeURIComponent(id)}`).then(
        (r) => r.data.lead,
      ),
    staleTime: 0,
  });
export const useLead = (id: string) => useQuery(leadQuery(id));

const myDayQuery = queryOptions({
  queryKey: [...pipelineKey, 'my-day'],
  queryFn: () => apiRequest<Data<MyDay>>('/pipeline/my-day').then((r) => r.data),
  staleTime: 0,
});
export const useMyDay = () => useQuery(myDayQuery);

/** The CSV of the table's filters (the browser downloads it: the server sends it as an attachment). */
export const exportUrl = (filter: LeadFilter) => `/api/v1/pipeline/export${filterQuery(filter)}`;

function useInvalidatePipeline() {
  const queryClient = useQueryClient();
  // Activities change the daily indicators too: the performance reads refresh with the pipeline.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pipelineKey }),
      queryClient.invalidateQueries({ queryKey: ['performance'] }),
    ]);
}

export function useCreateLead() {
  const invalidate = useInvalidatePipeline();
  return useMutation({
    mutationFn: (body: CreateLeadInput) =>
      apiRequest<Data<{ lead: LeadDetail }>>('/pipeline/leads', { body }).then((r) => r.data.lead),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateLead() {
  const invalidate = useInvalidatePipeline();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLeadInput }) =>
      apiRequest<Data<{ lead: LeadDetail }>>(`/pipeline/leads/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }).then((r) => r.data.lead),
    onSettled: () => invalidate(),
  });
}

export function useReassignLead() {
  const invalidate = useInvalidatePipeline();
  return useMutation({
    mutationFn: ({ id, ownerId, note }: { id: string; ownerId: string; note?: string }) =>
      apiRequest<Data<{ lead: LeadDetail }>>(`/pipeline/leads/${encodeURIComponent(id)}/reassign`, {
        body: { ownerId, note: note ?? '' },
      }).then((r) => r.data.lead),
    onSettled: () => invalidate(),
  });
}

/** Where a lead's activities are posted (the offline outbox keeps an activity under this path too). */
export const activitiesPath = (leadId: string) => `/pipeline/leads/${encodeURIComponent(leadId)}/activities`;

export function useLogActivity() {
  const invalidate = useInvalidatePipeline();
  return useMutation({
    // `idempotencyKey`: a resend of the same activity (an answer lost on the way) is stored once.
    mutationFn: ({
      leadId,
      body,
      idempotencyKey,
    }: {
      leadId: string;
      body: CreateActivityInput;
      idempotencyKey?: string;
    }) =>
      apiRequest<Data<{ activity: Activity }>>(activitiesPath(leadId), {
        body,
        headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
      }).then((r) => r.data.activity),
    onSettled: () => invalidate(),
  });
}

export function useUpdateActivity() {
  const invalidate = useInvalidatePipeline();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateActivityInput }) =>
      apiRequest<Data<{ activity: Activity }>>(`/pipeline/activities/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }).then((r) => r.data.activity),
    onSettled: () => invalidate(),
  });
}

export function useDeleteActivity() {
  const invalidate = useInvalidatePipeline();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/pipeline/activities/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => invalidate(),
  });
}

const settingsKey = [...pipelineKey, 'settings'] as const;
export const useLeadSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: () =>
      apiRequest<Data<{ settings: LeadSettings }>>('/pipeline/settings').then((r) => r.data.settings),
  });

export function useSaveLeadSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadSettings) =>
      apiRequest<Data<{ settings: LeadSettings }>>('/pipeline/settings', { method: 'PUT', body }).then(
        (r) => r.data.settings,
      ),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/** A branch's routing: its cities, and its own settings or the network's (docs/decisions/0047). */
const branchSettingsKey = (branchId: string) => [...settingsKey, 'branch', branchId] as const;
type BranchAnswer = Data<{ branchSettings: BranchLeadSettings }>;
const branchSettingsUrl = (branchId: string) => `/pipeline/branches/${encodeURIComponent(branchId)}/settings`;

export const useBranchLeadSettings = (branchId: string) =>
  useQuery({
    queryKey: branchSettingsKey(branchId),
    queryFn: () => apiRequest<BranchAnswer>(branchSettingsUrl(branchId)).then((r) => r.data.branchSettings),
  });

export function useSaveBranchLeadSettings(branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchLeadSettingsBody) =>
      apiRequest<BranchAnswer>(branchSettingsUrl(branchId), { method: 'PUT', body }).then(
        (r) => r.data.branchSettings,
      ),
    onSuccess: (saved) => queryClient.setQueryData(branchSettingsKey(branchId), saved),
  });
}

const availabilityKey = [...pipelineKey, 'agents'] as const;
export const useAvailability = () =>
  useQuery({
    queryKey: availabilityKey,
    queryFn: () =>
      apiRequest<Data<{ agents: Availability[] }>>('/pipeline/agents').then((r) => r.data.agents),
  });

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAvailabilityBody }) =>
      apiRequest<Data<{ agent: Availability }>>(`/pipeline/agents/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }).then((r) => r.data.agent),
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKey }),
  });
}

/** The cities of the site's listings, offered as the valuation form's city suggestions (any city may be typed). */
export const valuationCitiesQuery = queryOptions({
  queryKey: ['valuation', 'cities'],
  queryFn: () => apiRequest<{ data: string[] }>('/property/locations/cities').then((r) => r.data),
  staleTime: 5 * 60_000,
});

export function useSendValuation() {
  return useMutation({
    mutationFn: (body: ValuationBody) => apiRequest<{ message?: string }>('/valuation', { body }),
  });
}
