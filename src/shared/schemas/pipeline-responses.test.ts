import { describe, expect, expectTypeOf, it } from 'vitest';
import { ACTIVITY_KIND_LABELS, TIMELINE_KINDS } from '../domain/activities';
import { type EscalationState, LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUSES } from '../domain/pipeline';
import { ROUTING_RULE_LABELS, ROUTING_RULES } from '../domain/routing';
import { activityResponseSchema, type CreateActivityBody, type UpdateActivityBody } from './activities';
import {
  type Availability,
  availabilityListResponseSchema,
  availabilityResponseSchema,
  DEFAULT_LEAD_SETTINGS,
  leadSettingsResponseSchema,
  leadSettingsSchema,
  type PipelinePerformance,
  pipelinePerformanceQuerySchema,
  pipelinePerformanceResponseSchema,
  type UpdateAvailabilityBody,
} from './lead-settings';
import {
  type Activity,
  BOARD_COLUMN_LIMIT,
  boardQuerySchema,
  boardResponseSchema,
  type CreateLeadBody,
  type LeadDetail,
  type LeadExportQuery,
  type LeadListQuery,
  type LeadSummary,
  leadListResponseSchema,
  leadResponseSchema,
  myDayQuerySchema,
  myDayResponseSchema,
  reassignLeadSchema,
  type UpdateLeadBody,
} from './pipeline';
import type { ValuationBody } from './valuation';

// Example answers of the pipeline API, as the screens receive them: each parses through its response schema.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const owner = { _id: id(1), name: 'סוכנת א', gender: 'female' as const };
const summary: LeadSummary = {
  _id: id(10),
  contactId: id(20),
  name: 'ישראל ישראלי',
  phone: '050-123-4567',
  source: 'propertyInquiry',
  category: 'קונה',
  status: 'new',
  property: { _id: id(30), address: 'מוריה 10', city: 'חיפה' },
  message: 'מעוניין לראות את הדירה',
  branch: { _id: id(40), name: 'סניף חיפה', slug: 'haifa' },
  owner,
  nextTouchAt: null,
  overdue: false,
  escalated: false,
  routingReason: 'הסוכן של הנכס',
  lossReason: null,
  lossText: null,
  firstContactAt: null,
  responseMinutes: null,
  createdAt: '2026-12-01T08:00:00.000Z',
  updatedAt: '2026-12-01T08:00:00.000Z',
};
const activity: Activity = {
  _id: id(40),
  leadId: summary._id,
  kind: 'deal',
  agent: owner,
  occurredAt: '2026-12-01T09:00:00.000Z',
  note: '',
  amount: null,
  price: 2_000_000,
  commission: 40_000,
  buyerSideFee: null,
  buyerSideFeeIncludesVat: false,
  sellerSideFee: null,
  sellerSideFeeIncludesVat: false,
  shares: [
    { agent: owner, amount: 30_000 },
    { agent: { _id: id(2), name: 'יוסי לוי' }, amount: 10_000 },
  ],
  fromStatus: null,
  toStatus: null,
  metric: 'deals',
  points: 5,
  indicatorId: id(50),
  createdBy: owner,
  branch: summary.branch,
  createdAt: '2026-12-01T09:00:01.000Z',
};
const detail: LeadDetail = {
  ...summary,
  message: 'מעוניין בדירה',
  valuation: null,
  respondBy: '2026-12-01T09:15:00.000Z',
  contact: {
    _id: id(20),
    name: 'ישראל ישראלי',
    phone: '+972501234567',
    branch: summary.branch,
    createdAt: summary.createdAt,
  },
  contactLeads: [summary],
  othersLeads: [{ status: 'meeting', owner: { _id: id(3), name: 'נועה ביטון' } }],
  timeline: [activity],
};
const figures = {
  received: 4,
  contacted: 3,
  medianMinutes: 12,
  p90Minutes: 40,
  withinSla: 2,
  withinSlaShare: 0.5,
  byStatus: { new: 1, contacted: 1, meeting: 0, tour: 0, offer: 1, deal: 1, lost: 0 },
  deals: 1,
  conversion: 0.25,
};
const performance: PipelinePerformance = {
  slaMinutes: 15,
  agents: [{ agent: owner, ...figures }],
  total: figures,
};
const availability: Availability = {
  agent: { _id: id(1), name: 'סוכנת א', gender: 'female', companyRole: null, active: true },
  takesLeads: true,
  leaveFrom: null,
  leaveUntil: null,
  onLeave: false,
  inRoundRobin: true,
  nextInRoundRobin: false,
};
const ok = <T>(data: T) => ({ status: 'success' as const, data });

describe('the pipeline answers', () => {
  it('parse through their schemas', () => {
    expect(leadResponseSchema.parse(ok({ lead: detail })).data.lead.timeline[0]?.points).toBe(5);
    expect(
      leadListResponseSchema.parse(
        ok({
          leads: [summary],
          total: 1,
          totalCapped: false,
          pageSize: 50,
          nextCursor: null,
          prevCursor: null,
          owners: [owner],
        }),
      ),
    ).toBeTruthy();
    const columns = LEAD_STATUSES.map((status) => ({ status, total: 0, leads: [], nextCursor: null }));
    expect(boardResponseSchema.parse(ok({ columns })).data.columns).toHaveLength(7);
    expect(myDayResponseSchema.parse(ok({ newLeads: [summary], overdue: [], today: [] }))).toBeTruthy();
    expect(activityResponseSchema.parse(ok({ activity })).data.activity.shares).toHaveLength(2);
    expect(pipelinePerformanceResponseSchema.parse(ok(performance)).data.total.conversion).toBe(0.25);
    expect(availabilityListResponseSchema.parse(ok({ agents: [availability] }))).toBeTruthy();
    expect(availabilityResponseSchema.parse(ok({ agent: availability }))).toBeTruthy();
    expect(leadSettingsResponseSchema.parse(ok({ settings: DEFAULT_LEAD_SETTINGS }))).toBeTruthy();
    expect(BOARD_COLUMN_LIMIT).toBeGreaterThan(0);
  });

  it('default to valid settings: the default routing order and 15 minutes, 9:00-16:00', () => {
    expect(leadSettingsSchema.parse(DEFAULT_LEAD_SETTINGS)).toEqual({
      rules: ['propertyAgent', 'secondAgent', 'cityAgent', 'contactOwner', 'roundRobin'],
      cityAgents: [],
      slaMinutes: 15,
      officeHours: { opens: '09:00', closes: '16:00' },
    });
  });

  it('read the queries the screens send', () => {
    expect(boardQuerySchema.parse({ source: 'valuation' })).toEqual({ source: 'valuation' });
    expect(myDayQuerySchema.parse({})).toEqual({});
    expect(reassignLeadSchema.parse({ ownerId: id(1) })).toEqual({ ownerId: id(1), note: '' });
    expect(pipelinePerformanceQuerySchema.parse({ year: '2026', month: '12' })).toEqual({
      year: 2026,
      month: 12,
    });
  });

  it('have a Hebrew label for every kind, source and routing rule', () => {
    for (const kind of TIMELINE_KINDS) expect(ACTIVITY_KIND_LABELS[kind]).toMatch(/[א-ת]/);
    for (const source of LEAD_SOURCES) expect(LEAD_SOURCE_LABELS[source]).toMatch(/[א-ת]/);
    for (const rule of [...ROUTING_RULES, 'fallback' as const])
      expect(ROUTING_RULE_LABELS[rule]).toMatch(/[א-ת]/);
  });
});

describe('the request types the screens build', () => {
  it('carry parsed values: instants as dates, flags as booleans, amounts as numbers', () => {
    expectTypeOf<CreateLeadBody['nextTouchAt']>().toEqualTypeOf<Date | undefined>();
    expectTypeOf<UpdateLeadBody['nextTouchAt']>().toEqualTypeOf<Date | null | undefined>();
    expectTypeOf<LeadListQuery['overdue']>().toEqualTypeOf<boolean>();
    expectTypeOf<LeadExportQuery['from']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<CreateActivityBody['occurredAt']>().toEqualTypeOf<Date | undefined>();
    expectTypeOf<UpdateActivityBody['price']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<UpdateAvailabilityBody['leaveUntil']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<ValuationBody['rooms']>().toEqualTypeOf<number>();
    expectTypeOf<EscalationState>().toEqualTypeOf<'none' | 'escalated'>();
  });
});
