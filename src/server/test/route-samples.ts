import { randomUUID } from 'node:crypto';
import { israelYearMonth } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import type { Database } from '../db/client';
import { contacts, leadActivities, leads } from '../db/schema';
import { createProperty, createUser } from './factories';

/** An agent with data of its own (in the given branch, else the default one): a property it handles and an inquiry about it. */
export type AgentFixture = {
  id: string;
  address: string;
  propertyId: string;
  inquiryId: string;
  activityId: string;
};

export async function createAgentFixture(db: Database, branchId?: string): Promise<AgentFixture> {
  const agent = await createUser(db, branchId ? { branchId } : {});
  const address = `רחוב בדיקה ${randomUUID().slice(0, 6)}`;
  const property = await createProperty(db, { agentId: agent.id, address });
  const [contact] = await db
    .insert(contacts)
    .values({ name: 'פונה', phone: '0501234567' })
    .returning({ id: contacts.id });
  const [inquiry] = await db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'פונה',
      phone: '0501234567',
      category: 'קונה',
      source: 'propertyInquiry',
      propertyId: property.id,
      ownerId: agent.id,
      message: 'שלום',
    })
    .returning({ id: leads.id });
  const [activity] = await db
    .insert(leadActivities)
    .values({ leadId: inquiry!.id, kind: 'note', agentId: agent.id, createdBy: agent.id })
    .returning({ id: leadActivities.id });
  return { id: agent.id, address, propertyId: property.id, inquiryId: inquiry!.id, activityId: activity!.id };
}

export type SampleRequest = { url: string; query?: Record<string, string>; payload?: unknown };
/** A valid request of a route about `target` (an agent's own data, or another agent's). */
export type Sample = (target: AgentFixture & { shareId: string }) => SampleRequest;

const now = () => israelYearMonth();
const month = () => `${now().year}-${String(now().month).padStart(2, '0')}`;

/**
 * Valid requests of the routes whose access depends on whose data they name (`selfOrAdmin`). Every such
 * route needs one here: the access test fails otherwise. Other routes are sent with their params filled
 * in generically (see `genericRequest`).
 */
export const SAMPLES: Record<string, Sample> = {
  'POST /api/v1/indicators': (t) => ({ url: '/api/v1/indicators', payload: { agent: [t.id], meetings: 1 } }),
  'POST /api/v1/indicators/getIndicatorsByAgent': (t) => ({
    url: '/api/v1/indicators/getIndicatorsByAgent',
    payload: { id: t.id },
  }),
  'POST /api/v1/indicators/summary/weekly': (t) => ({
    url: '/api/v1/indicators/summary/weekly',
    payload: { id: t.id },
  }),
  'POST /api/v1/indicators/summary/monthly': (t) => ({
    url: '/api/v1/indicators/summary/monthly',
    payload: { id: t.id },
  }),
  'POST /api/v1/indicators/summary/all': (t) => ({
    url: '/api/v1/indicators/summary/all',
    payload: { id: t.id },
  }),
  'GET /api/v1/indicators/filterByDate': (t) => ({
    url: '/api/v1/indicators/filterByDate',
    query: { agent: t.id },
  }),
  'GET /api/v1/goals/getGoalByAgentAndMonth/:agentId/:year/:month': (t) => ({
    url: `/api/v1/goals/getGoalByAgentAndMonth/${t.id}/${now().year}/${now().month}`,
  }),
  'GET /api/v1/goals/performance/:agentId/:year/:month': (t) => ({
    url: `/api/v1/goals/performance/${t.id}/${now().year}/${now().month}`,
  }),
  'POST /api/v1/reportContact': (t) => ({
    url: '/api/v1/reportContact',
    payload: { clientName: 'לקוח בדיקה', exclusiveProperty: t.address, agent: t.id },
  }),
  'POST /api/v1/reportContact/monthlyReport': (t) => ({
    url: '/api/v1/reportContact/monthlyReport',
    payload: { agentId: t.id, month: month() },
  }),
  'GET /api/v1/reportContact/getReportContactByAgent/:agentId': (t) => ({
    url: `/api/v1/reportContact/getReportContactByAgent/${t.id}`,
  }),
  'GET /api/v1/reportContact/properties/:agentId': (t) => ({
    url: `/api/v1/reportContact/properties/${t.id}`,
  }),
  'POST /api/v1/reportContact/shares': (t) => ({
    url: '/api/v1/reportContact/shares',
    payload: { agentId: t.id, address: t.address, from: israelDate(), to: israelDate() },
  }),
  'GET /api/v1/reportContact/shares': (t) => ({
    url: '/api/v1/reportContact/shares',
    query: { agentId: t.id },
  }),
  'DELETE /api/v1/reportContact/shares/:id': (t) => ({ url: `/api/v1/reportContact/shares/${t.shareId}` }),
  'GET /api/v1/inquiries/:id': (t) => ({ url: `/api/v1/inquiries/${t.inquiryId}` }),
  'GET /api/v1/pipeline/leads': (t) => ({ url: '/api/v1/pipeline/leads', query: { ownerId: t.id } }),
  'POST /api/v1/pipeline/leads': (t) => ({
    url: '/api/v1/pipeline/leads',
    payload: { name: 'ליד בדיקה', phone: '0507654321', category: 'קונה', ownerId: t.id },
  }),
  'GET /api/v1/pipeline/leads/:id': (t) => ({ url: `/api/v1/pipeline/leads/${t.inquiryId}` }),
  'GET /api/v1/pipeline/leads/:id/matching-properties': (t) => ({
    url: `/api/v1/pipeline/leads/${t.inquiryId}/matching-properties`,
  }),
  'PATCH /api/v1/pipeline/leads/:id': (t) => ({
    url: `/api/v1/pipeline/leads/${t.inquiryId}`,
    payload: { category: 'קונה' },
  }),
  'POST /api/v1/pipeline/leads/:id/activities': (t) => ({
    url: `/api/v1/pipeline/leads/${t.inquiryId}/activities`,
    payload: { kind: 'note', note: 'בדיקה' },
  }),
  'PATCH /api/v1/pipeline/activities/:id': (t) => ({
    url: `/api/v1/pipeline/activities/${t.activityId}`,
    payload: { note: 'תוקן' },
  }),
  'DELETE /api/v1/pipeline/activities/:id': (t) => ({ url: `/api/v1/pipeline/activities/${t.activityId}` }),
  'GET /api/v1/pipeline/board': (t) => ({ url: '/api/v1/pipeline/board', query: { ownerId: t.id } }),
  'GET /api/v1/pipeline/board/column': (t) => ({
    url: '/api/v1/pipeline/board/column',
    // A column's cursor as the board gives it: next after a card made at this time (docs/decisions/0039).
    query: {
      ownerId: t.id,
      status: 'new',
      cursor: Buffer.from(`n|2026-01-01T00:00:00.000000Z|${t.inquiryId}`).toString('base64url'),
    },
  }),
  'GET /api/v1/pipeline/my-day': (t) => ({ url: '/api/v1/pipeline/my-day', query: { ownerId: t.id } }),
  'GET /api/v1/pipeline/export': (t) => ({ url: '/api/v1/pipeline/export', query: { ownerId: t.id } }),
  'PATCH /api/v1/pipeline/agents/:id': (t) => ({
    url: `/api/v1/pipeline/agents/${t.id}`,
    payload: { leaveFrom: null, leaveUntil: null },
  }),
};

const PARAM_VALUES: Record<string, () => string> = {
  year: () => String(now().year),
  month: () => String(now().month),
  kind: () => 'image',
  token: () => 'a'.repeat(43),
};

/** A route's URL with each `:param` filled in: ids are fresh UUIDs, years and months the current ones. */
export function genericRequest(url: string): SampleRequest {
  return { url: url.replace(/:(\w+)/g, (_m, name: string) => (PARAM_VALUES[name] ?? randomUUID)()) };
}
