// Generated hostile requests for every route family that takes input: the fuzz tests (fuzz.test.ts) send a
// couple of hundred per family; `npm run bench:faults` picks this list up (as `fuzzFamilies`) for its big runs.

import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS } from '@shared/domain/metrics';
import { ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import fc from 'fast-check';
import { DEFAULT_SETTINGS } from '../../modules/settings';
import { TEST_PASSWORD } from '../factories';
import { fields, hostileFile, queryOf } from './values';

export type Role = 'visitor' | 'agent' | 'admin';
/** The tables a family writes: a refused request must leave each of them as it was. */
export type Table =
  | 'leads'
  | 'job_applications'
  | 'mail_outbox'
  | 'users'
  | 'audit_log'
  | 'password_reset_tokens'
  | 'properties'
  | 'property_images'
  | 'geocode_cache'
  | 'indicators'
  | 'indicator_month_totals'
  | 'goals'
  | 'report_contacts'
  | 'report_shares'
  | 'agency_settings'
  | 'push_subscriptions'
  | 'push_preferences'
  | 'push_outbox'
  | 'idempotency_keys'
  | 'contacts'
  | 'lead_activities'
  | 'lead_settings'
  | 'alert_subscribers'
  | 'alert_tokens'
  | 'saved_searches'
  | 'alert_favourites'
  | 'alert_consent_log'
  | 'branches'
  | 'branch_lead_settings'
  | 'branch_cities'
  | 'brokerage_orders'
  | 'brokerage_order_links'
  | 'exclusivity_actions'
  | 'lead_referrals'
  | 'branch_goals'
  | 'fee_plans'
  | 'vat_rates'
  | 'deal_records'
  | 'deal_payments'
  | 'royalty_payments'
  | 'viewings'
  | 'viewing_blocks'
  | 'agent_availability'
  | 'property_viewing_settings';

export type FuzzRoute = {
  family: string;
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** `:name` segments and '$name' values are filled in from the test's fixtures. */
  url: string;
  as: Role;
  /**
   * JSON body, query string (GET), multipart form whose file fields are FileMarker values, or path segments
   * (a record of the `:name` segments to write into the URL; the others come from the fixtures).
   */
  send: 'json' | 'query' | 'multipart' | 'path';
  body: fc.Arbitrary<unknown>;
  tables: Table[];
  /**
   * For a route open to visitors with some inputs only: whether a visitor must be refused this one
   * (default: every input of a route that is not sent as a visitor).
   */
  refusesVisitor?: (value: unknown) => boolean;
  /** The type of a successful answer when it is not JSON (a signed order's PDF); refusals are JSON all the same. */
  answers?: string;
};

const today = israelDate();
const tomorrow = israelDate(new Date(Date.now() + 86_400_000));
const soon = new Date(Date.now() + 3 * 3_600_000).toISOString();
const thisMonth = today.slice(0, 7);
const metrics = Object.fromEntries(METRIC_KEYS.map((key) => [key, [0, 1, 3, '2', '']]));
const freshEmail = fc.uuid().map((id) => `fuzz-${id.slice(0, 8)}@example.com`);
const phone = ['050-123-4567', '+972521234567'];
const name = ['דנה כהן', 'Dana Cohen'];
const agentRef = ['$agent', ['$agent']];
/** A saved search's filters, as /Sale would send them. */
const savedSearch = {
  type: 'sale',
  city: 'חיפה',
  category: 'דירה',
  minRooms: 4,
  maxRooms: 5,
  maxPrice: 2_500_000,
};
const propertyJson = {
  typeTransaction: ['מכירה', 'השכרה'],
  city: ['חיפה', 'תל אביב-יפו'],
  address: ['הרצל 1'],
  price: [1_500_000, 4500],
  category: ['דירה', "קוטג'"],
  rooms: [3, 4.5, null],
  floor: ['3', 'קרקע', null],
  size: [90, null],
  entryDate: ['מידי', null],
  propertyCondition: ['משופץ', null],
  features: [['מעלית'], []],
  description: ['דירה מוארת'],
  yad2: ['https://www.yad2.co.il/item/1', null],
  agent: ['$agent', null],
  location: [{ lat: 32.79, lng: 34.99 }, null],
};
/** The same fields as a multipart form sends them: text, a repeated features field, and photos. */
const propertyForm = {
  ...Object.fromEntries(
    Object.entries(propertyJson)
      .filter(([key]) => key !== 'location')
      .map(([key, values]) => [key, values.filter((v) => v !== null && !Array.isArray(v)).map(String)]),
  ),
  features: ['מעלית', 'חניה'],
  lat: ['32.79'],
  lng: ['34.99'],
  images: hostileFile,
};

/** Each value of a valid object as the one valid choice of its field. */
const each = (object: object) =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, [value]]));
const json = (body: fc.Arbitrary<unknown>) => ({ send: 'json' as const, body });
const query = (body: fc.Arbitrary<Record<string, unknown>>) => ({
  send: 'query' as const,
  body: body.map(queryOf),
});
const form = (body: fc.Arbitrary<unknown>) => ({ send: 'multipart' as const, body });
const path = (body: fc.Arbitrary<unknown>) => ({ send: 'path' as const, body });
const month = { year: ['2026', '2025'], month: ['3', '12'] };

type Spec = Omit<FuzzRoute, 'family' | 'name'>;
const family = (name: string, tables: Table[], routes: Omit<Spec, 'tables'>[]): FuzzRoute[] =>
  routes.map((route) => ({
    ...route,
    url: `/api/v1${route.url}`,
    tables,
    family: name,
    name: `${route.method} ${route.url}`,
  }));

/**
 * Every route that takes input, by family. `npm run bench:faults` loads this list by this name for its big
 * runs (it fills nothing in: placeholders reach the server as they are, and are refused).
 */
export const fuzzFamilies: FuzzRoute[] = [
  ...family(
    'pipeline',
    ['leads', 'contacts', 'lead_activities', 'mail_outbox', 'audit_log', 'push_outbox'],
    [
      {
        method: 'POST',
        url: '/valuation',
        as: 'visitor',
        ...json(
          fields({
            name,
            phone,
            city: ['חיפה'],
            street: ['הרצל 1'],
            rooms: [3, '3.5'],
            size: [80, '100'],
            message: ['', 'שלום'],
            website: [''],
          }),
        ),
      },
      {
        method: 'GET',
        url: '/pipeline/leads',
        as: 'agent',
        ...query(
          fields({
            ownerId: ['$agent'],
            status: ['new', 'lost'],
            source: ['manual', 'homeForm'],
            overdue: ['true', 'false'],
            from: [today],
            to: [today],
            q: ['דנה', '050'],
            page: ['1'],
            pageSize: ['50'],
          }),
        ),
      },
      {
        method: 'POST',
        url: '/pipeline/leads',
        as: 'agent',
        ...json(
          fields({
            name,
            phone,
            category: ['קונה', 'מוכר'],
            message: ['שלום', ''],
            propertyId: ['$property', null],
            ownerId: ['$agent'],
            nextTouchAt: [soon, `${tomorrow}T10:30`],
          }),
        ),
      },
      { method: 'GET', url: '/pipeline/leads/:id', as: 'agent', ...path(fields({ id: ['$lead'] })) },
      {
        method: 'PATCH',
        url: '/pipeline/leads/:lead',
        as: 'agent',
        ...json(
          fields({
            status: ['contacted', 'lost'],
            lossReason: ['budget', 'other'],
            lossText: ['יקר מדי'],
            nextTouchAt: [soon, null],
            name,
            category: ['קונה'],
          }),
        ),
      },
      {
        method: 'POST',
        url: '/pipeline/leads/:lead/reassign',
        as: 'admin',
        ...json(fields({ ownerId: ['$agent'], note: ['', 'עומס'] })),
      },
      {
        method: 'POST',
        url: '/pipeline/leads/:lead/activities',
        as: 'agent',
        ...json(
          fields({
            kind: ['call', 'buyerTour', 'priceOffer', 'deal'],
            occurredAt: [`${today}T00:01`],
            note: ['', 'שוחחנו'],
            amount: [100, '2000000'],
            price: [1_000_000],
            commission: [20_000],
            secondAgentId: ['$target'],
            secondAgentCommission: [5000],
          }),
        ),
      },
      {
        method: 'PATCH',
        url: '/pipeline/activities/:activity',
        as: 'agent',
        ...json(fields({ occurredAt: [`${today}T00:02`], note: ['תוקן'], amount: [null, 5] })),
      },
      {
        method: 'DELETE',
        url: '/pipeline/activities/:id',
        as: 'agent',
        ...path(fields({ id: ['$target'] })),
      },
      {
        method: 'GET',
        url: '/pipeline/board',
        as: 'agent',
        ...query(fields({ ownerId: ['$agent'], source: ['manual'] })),
      },
      {
        method: 'GET',
        url: '/pipeline/board/column',
        as: 'agent',
        ...query(
          fields({
            ownerId: ['$agent'],
            status: ['new', 'lost'],
            // A cursor as the board gives it (docs/decisions/0039-lists-by-keyset.md).
            cursor: [
              Buffer.from('n|2026-01-01T00:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString(
                'base64url',
              ),
            ],
          }),
        ),
      },
      { method: 'GET', url: '/pipeline/my-day', as: 'agent', ...query(fields({ ownerId: ['$agent'] })) },
      { method: 'GET', url: '/pipeline/performance', as: 'admin', ...query(fields(month)) },
    ],
  ),
  ...family(
    'referrals',
    ['lead_referrals', 'leads', 'lead_activities', 'audit_log', 'push_outbox'],
    [
      {
        method: 'POST',
        url: '/pipeline/leads/:lead/referral',
        as: 'agent',
        ...json(
          fields({
            toBranchId: ['$branch', '$agent'],
            feePercent: [25, '30', 0, 100],
            note: ['', 'גר בחיפה'],
          }),
        ),
      },
      {
        method: 'POST',
        url: '/referrals/:referral/accept',
        as: 'admin',
        ...json(fields({ ownerId: ['$agent', '$target'] })),
      },
      {
        method: 'POST',
        url: '/referrals/:referral/decline',
        as: 'admin',
        ...json(fields({ reason: ['אין סוכן פנוי', ''] })),
      },
    ],
  ),
  ...family(
    'money',
    ['fee_plans', 'vat_rates', 'deal_records', 'deal_payments', 'royalty_payments', 'audit_log'],
    [
      {
        method: 'POST',
        url: '/vat-rates',
        as: 'admin',
        ...json(fields({ startsOn: [tomorrow, today, '2030-01-01'], rateBp: [1800, 0, 10_000] })),
      },
      {
        method: 'POST',
        url: '/branches/:branch/fee-plans',
        as: 'admin',
        ...json(
          fields({
            effectiveFrom: [tomorrow, '2024-01-01'],
            royaltyBp: [600, 0, 10_000],
            royaltyCapAgorot: [null, 5_000_000],
            monthlyFeeAgorot: [0, 150_000],
            split: [
              { kind: 'fixed', agentBp: 5000 },
              {
                kind: 'tiers',
                tiers: [
                  { fromAgorot: 0, agentBp: 5000 },
                  { fromAgorot: 10_000_000, agentBp: 7000 },
                ],
              },
            ],
          }),
        ),
      },
      {
        method: 'GET',
        url: '/branches/:branch/fee-plans',
        as: 'admin',
        ...path(fields({ branch: ['$branch'] })),
      },
      {
        method: 'GET',
        url: '/deals/:activity/statement',
        as: 'agent',
        ...path(fields({ activity: ['$activity'] })),
      },
      {
        method: 'GET',
        url: '/deals',
        as: 'agent',
        ...query(fields({ from: [thisMonth, '2024-01'], to: [thisMonth], status: ['signed', 'cancelled'] })),
      },
      {
        method: 'GET',
        url: '/agents/:agent/month-statement',
        as: 'agent',
        ...query(fields({ month: [thisMonth, '2024-01'] })),
      },
      {
        method: 'GET',
        url: '/branches/:branch/month-statement',
        as: 'admin',
        ...query(fields({ month: [thisMonth, '2024-01'] })),
      },
      {
        method: 'GET',
        url: '/royalties',
        as: 'admin',
        ...query(fields({ month: [thisMonth, '2024-01'] })),
      },
      {
        method: 'PATCH',
        url: '/deals/:activity/status',
        as: 'admin',
        ...json(
          fields({
            status: ['signed', 'invoiced', 'cancelled'],
            cancelReason: ['הקונה חזר בו'],
            dueOn: [today, null],
          }),
        ),
      },
      {
        method: 'POST',
        url: '/deals/:activity/payments',
        as: 'admin',
        ...json(fields({ amountAgorot: [100, 1], paidOn: [today], note: ['', 'העברה בנקאית'] })),
      },
      {
        method: 'DELETE',
        url: '/deals/:activity/payments/:pid',
        as: 'admin',
        ...path(fields({ activity: ['$activity'], pid: ['$activity'] })),
      },
      {
        method: 'GET',
        url: '/royalty-payments',
        as: 'admin',
        ...query(fields({ month: [thisMonth, '2024-01'], year: ['2025'], branchId: ['$branch'] })),
      },
      {
        method: 'POST',
        url: '/royalty-payments',
        as: 'admin',
        ...json(
          fields({
            branchId: ['$branch'],
            amountAgorot: [100, 1],
            paidOn: [today],
            forMonth: [thisMonth],
            note: ['', 'העברה בנקאית'],
          }),
        ),
      },
      {
        method: 'POST',
        url: '/royalty-payments/:activity/void',
        as: 'admin',
        ...json(fields({ reason: ['נרשם פעמיים'] })),
      },
    ],
  ),
  ...family(
    'pipeline-settings',
    ['lead_settings', 'branch_lead_settings', 'branch_cities', 'users', 'audit_log'],
    [
      {
        method: 'PUT',
        url: '/pipeline/settings',
        as: 'admin',
        ...json(
          fields({
            rules: [['roundRobin'], ['propertyAgent', 'secondAgent', 'roundRobin']],
            cityAgents: [[], [{ city: 'חיפה', agentId: '$agent' }]],
            slaMinutes: [15, 30],
            officeHours: [{ opens: '09:00', closes: '16:00' }],
          }),
        ),
      },
      {
        method: 'GET',
        url: '/pipeline/branches/:branch/settings',
        as: 'admin',
        ...path(fields({ branch: ['$branch'] })),
      },
      {
        method: 'PUT',
        url: '/pipeline/branches/:branch/settings',
        as: 'admin',
        ...json(
          fields({
            cities: [[], ['חיפה'], ['קריית ים', 'טירת כרמל']],
            own: [
              null,
              {
                rules: ['cityAgent', 'roundRobin'],
                cityAgents: [],
                slaMinutes: 20,
                officeHours: { opens: '08:30', closes: '17:00' },
              },
            ],
          }),
        ),
      },
      {
        method: 'PATCH',
        url: '/pipeline/agents/:agent',
        as: 'agent',
        ...json(fields({ leaveFrom: [today, null], leaveUntil: [tomorrow, null] })),
      },
    ],
  ),
  ...family(
    'leads',
    ['leads', 'mail_outbox'],
    [
      {
        method: 'POST',
        url: '/email/send-mail',
        as: 'visitor',
        ...json(fields({ name, phone, category: ['קונה', 'מוכר', 'השכרה', 'משכיר'], website: [''] })),
      },
    ],
  ),
  ...family(
    'job',
    ['job_applications', 'mail_outbox'],
    [
      {
        method: 'POST',
        url: '/email/send-job-mail',
        as: 'visitor',
        ...json(fields({ fullName: name, phone, email: ['ruth@example.com'], website: [''] })),
      },
    ],
  ),
  ...family(
    'inquiries',
    ['leads', 'mail_outbox'],
    [
      {
        method: 'POST',
        url: '/property/:property/inquiry',
        as: 'visitor',
        ...json(fields({ name, phone, message: ['מעוניין בדירה', ''], website: [''] })),
      },
      {
        method: 'GET',
        url: '/inquiries',
        as: 'agent',
        ...query(fields({ agentId: ['$agent'], propertyId: ['$property'], limit: ['10', 50] })),
      },
    ],
  ),
  ...family(
    'network-share',
    ['properties', 'audit_log'],
    [
      {
        method: 'PUT',
        url: '/property/:property/network',
        as: 'admin',
        ...json(fields({ shared: [true, false] })),
      },
      {
        method: 'GET',
        url: '/property/:id/network',
        as: 'agent',
        ...path(fields({ id: ['$property'] })),
      },
      {
        method: 'GET',
        url: '/property/staff',
        as: 'agent',
        ...query(
          fields({
            type: ['sale', 'rent'],
            which: ['all', 'own', 'shared'],
            page: ['1', 2],
            pageSize: ['24', 60],
          }),
        ),
      },
    ],
  ),
  ...family(
    'viewings',
    ['viewings', 'viewing_blocks', 'agent_availability', 'property_viewing_settings', 'leads', 'contacts'],
    [
      {
        method: 'POST',
        url: '/property/:property/viewings',
        as: 'visitor',
        ...json(
          fields({
            name,
            phone,
            email: ['', 'visitor@example.com'],
            slots: [[soon], ['2030-01-01T10:00'], [soon, soon]],
            website: [''],
          }),
        ),
      },
      {
        method: 'PUT',
        url: '/agents/:agent/viewing-availability',
        as: 'agent',
        ...json(fields({ windows: [[{ weekday: 1, from: '09:00', to: '12:00' }], []] })),
      },
      {
        method: 'PUT',
        url: '/property/:property/viewing-settings',
        as: 'admin',
        ...json(fields({ bookingMode: ['instant', 'request'], capacity: [1, 3], slotMinutes: [30, 45] })),
      },
      {
        method: 'POST',
        url: '/property/:property/viewing-blocks',
        as: 'admin',
        ...json(fields({ startsAt: [soon, tomorrow], endsAt: ['2030-01-01T10:00'], note: ['המוכרים בבית'] })),
      },
      {
        method: 'POST',
        url: '/agents/:agent/viewing-blocks',
        as: 'agent',
        ...json(fields({ startsAt: [soon], endsAt: ['2030-01-01T10:00'], note: [''] })),
      },
      {
        method: 'GET',
        url: '/property/:id/viewing-slots',
        as: 'visitor',
        ...path(fields({ id: ['$property'] })),
      },
      {
        method: 'GET',
        url: '/property/:id/viewing-settings',
        as: 'agent',
        ...path(fields({ id: ['$property'] })),
      },
      {
        method: 'GET',
        url: '/agents/:id/viewing-availability',
        as: 'agent',
        ...path(fields({ id: ['$agent'] })),
      },
      {
        method: 'GET',
        url: '/viewings',
        as: 'agent',
        ...query(fields({ from: [today, soon], to: [tomorrow] })),
      },
      {
        method: 'GET',
        url: '/viewings/link/:token',
        as: 'visitor',
        ...path(fields({ token: ['x'.repeat(43)] })),
      },
      { method: 'DELETE', url: '/viewing-blocks/:id', as: 'agent', ...path(fields({ id: ['$lead'] })) },
      {
        method: 'POST',
        url: '/viewings',
        as: 'agent',
        ...json(
          fields({
            propertyId: ['$property'],
            contact: [
              { name: 'רונית', mobile: '0521234567' },
              { name: 'דן', mobile: '0541234567', email: 'd@x.co' },
            ],
            startsAt: [soon, today],
            minutes: [30, 45],
          }),
        ),
      },
      { method: 'POST', url: '/viewings/:id/confirm', as: 'agent', ...json(fields({ startsAt: [soon] })) },
      { method: 'POST', url: '/viewings/:id/cancel', as: 'agent', ...path(fields({ id: ['$lead'] })) },
      {
        method: 'POST',
        url: '/viewings/:id/outcome',
        as: 'agent',
        ...json(fields({ tookPlace: [true, false], interest: [1, 5], notes: ['אהבו'] })),
      },
      {
        method: 'POST',
        url: '/viewings/link/:token/cancel',
        as: 'visitor',
        ...path(fields({ token: ['x'.repeat(43)] })),
      },
      { method: 'POST', url: '/viewings/:id/move', as: 'agent', ...json(fields({ slot: [soon] })) },
      {
        method: 'POST',
        url: '/viewings/link/:token/move',
        as: 'visitor',
        ...json(fields({ slot: [soon] })),
      },
    ],
  ),
  ...family(
    'users',
    ['users', 'audit_log'],
    [
      {
        method: 'POST',
        url: '/users',
        as: 'admin',
        ...json(
          fields({
            name,
            email: freshEmail,
            phone_number: phone,
            role: ['agent', 'admin'],
            companyRole: ['יועץ נדל"ן מוביל', ''],
            aboutMe: ['על עצמי'],
            image: ['/uploads/users/a.webp', null],
            password: ['a-strong-horse-battery-42'],
          }),
        ),
      },
      {
        method: 'PATCH',
        url: '/users/:target',
        as: 'admin',
        ...json(
          fields({
            name,
            phone_number: phone,
            role: ['agent'],
            companyRole: ['מנהלת משרד', null],
            aboutMe: ['על עצמי'],
            image: ['/uploads/users/a.webp', null],
          }),
        ),
      },
      {
        method: 'PATCH',
        url: '/users/me',
        as: 'agent',
        ...json(fields({ phone_number: phone, image: ['/uploads/users/b.webp', null], aboutMe: ['שלום'] })),
      },
    ],
  ),
  ...family(
    'auth',
    ['users', 'password_reset_tokens', 'mail_outbox'],
    [
      {
        method: 'POST',
        url: '/users/login',
        as: 'visitor',
        ...json(fields({ email: ['$email'], password: [TEST_PASSWORD, 'wrong-password'] })),
      },
      {
        method: 'POST',
        url: '/users/forgot-password',
        as: 'visitor',
        ...json(fields({ email: ['$email', 'nobody@example.com'] })),
      },
      {
        method: 'POST',
        url: '/users/reset-password',
        as: 'visitor',
        ...json(fields({ token: ['a'.repeat(43)], newPassword: ['a-strong-horse-battery-42'] })),
      },
      {
        method: 'PATCH',
        url: '/users/me/password',
        as: 'agent',
        ...json(fields({ currentPassword: ['wrong-password'], newPassword: ['a-strong-horse-battery-42'] })),
      },
    ],
  ),
  ...family(
    'properties',
    ['properties', 'property_images', 'audit_log', 'geocode_cache'],
    [
      { method: 'POST', url: '/property', as: 'admin', ...form(fields(propertyForm)) },
      { method: 'PATCH', url: '/property/:property', as: 'admin', ...json(fields(propertyJson)) },
      {
        method: 'GET',
        url: '/property/search',
        as: 'visitor',
        ...query(
          fields({
            type: ['sale', 'rent'],
            city: ['חיפה'],
            street: ['הרצל'],
            category: ['דירה', ''],
            minRooms: ['2', '2.5'],
            maxRooms: ['5'],
            minPrice: ['0'],
            maxPrice: ['20000000'],
            sort: ['newest', 'priceAsc'],
            sold: ['true', 'false'],
            page: ['1', '2'],
            pageSize: ['12'],
            bbox: ['34.7,32,35.1,33', ''],
          }),
        ),
      },
      {
        method: 'GET',
        url: '/properties/clusters',
        as: 'visitor',
        ...query(
          fields({
            type: ['sale', 'rent'],
            bbox: ['34.2,29.4,35.95,33.4', '34.9,32.7,35.1,32.9'],
            zoom: ['0', '10', '22'],
            city: ['חיפה'],
            minPrice: ['0'],
            amenities: ['parking'],
          }),
        ),
      },
      {
        method: 'GET',
        url: '/geocode',
        as: 'admin',
        ...query(fields({ city: ['חיפה'], street: ['מוריה'], house: ['40'] })),
      },
      {
        method: 'GET',
        url: '/property/locations/streets',
        as: 'visitor',
        ...query(fields({ city: ['חיפה'] })),
      },
      {
        method: 'GET',
        url: '/property/locations/cities',
        as: 'visitor',
        ...query(fields({ type: ['sale', 'rent'] })),
      },
    ],
  ),
  ...family(
    'images',
    ['property_images'],
    [
      {
        method: 'POST',
        url: '/property/:property/images',
        as: 'admin',
        ...form(fields({ images: hostileFile })),
      },
      {
        method: 'PUT',
        url: '/property/:property/images/order',
        as: 'admin',
        ...json(fields({ order: [[], ['$property']] })),
      },
      { method: 'POST', url: '/users/image', as: 'agent', ...form(fields({ image: hostileFile })) },
    ],
  ),
  ...family(
    'indicators',
    ['indicators', 'indicator_month_totals', 'audit_log', 'idempotency_keys'],
    [
      {
        method: 'POST',
        url: '/indicators',
        as: 'agent',
        ...json(fields({ ...metrics, agent: agentRef, createdAt: [today, '2025-01-01', ''] })),
      },
      {
        method: 'PATCH',
        url: '/indicators/:indicator',
        as: 'admin',
        ...json(fields({ meetings: [2], deals: ['1'], createdAt: ['2025-03-10', '2025-03-10T09:00:00Z'] })),
      },
      {
        method: 'POST',
        url: '/indicators/getIndicatorsByAgent',
        as: 'agent',
        ...json(fields({ id: ['$agent', ['$agent'], { agent: '$agent' }] })),
      },
      {
        method: 'GET',
        url: '/indicators/filterByDate',
        as: 'agent',
        ...query(fields({ agent: ['$agent'], year: ['2026'], month: ['3'], last7DaysOnly: ['false'] })),
      },
    ],
  ),
  ...family(
    'goals',
    ['goals', 'branch_goals', 'audit_log'],
    [
      {
        method: 'POST',
        url: '/goals',
        as: 'admin',
        ...json(
          fields({ ...metrics, agent: agentRef, year: [2026, '2026'], month: [1, 12, '3'], createdAt: [''] }),
        ),
      },
      { method: 'PATCH', url: '/goals/:goal', as: 'admin', ...json(fields({ meetings: [4], deals: ['2'] })) },
      ...(['GET', 'DELETE'] as const).map((method) => ({
        method,
        url: '/branches/:branch/goals/:year/:month',
        as: 'admin' as const,
        ...path(fields({ branch: ['$branch'], ...month })),
      })),
      { method: 'PUT', url: '/branches/:branch/goals/:year/:month', as: 'admin', ...json(fields(metrics)) },
    ],
  ),
  ...family(
    'report-contacts',
    ['report_contacts', 'report_shares'],
    [
      {
        method: 'POST',
        url: '/reportContact',
        as: 'agent',
        ...json(
          fields({
            clientName: name,
            exclusiveProperty: ['$address'],
            propertyId: ['$property', ''],
            visits: [1, '2'],
            views: [0],
            inquiries: [''],
            statusDate: [today, ''],
            note: ['הערה'],
            agent: ['$agent'],
          }),
        ),
      },
      {
        method: 'POST',
        url: '/reportContact/monthlyReport',
        as: 'agent',
        ...json(fields({ agentId: ['$agent'], month: [thisMonth], address: ['$address', ''] })),
      },
      {
        method: 'POST',
        url: '/reportContact/shares',
        as: 'agent',
        ...json(fields({ agentId: ['$agent', ''], address: ['$address'], from: [today], to: [today] })),
      },
      {
        method: 'POST',
        url: '/reportContact/getReportContactByProperty',
        as: 'agent',
        ...json(fields({ address: ['$address'] })),
      },
    ],
  ),
  ...family(
    'branches',
    ['branches', 'audit_log', 'users', 'properties', 'leads', 'contacts', 'goals'],
    [
      {
        method: 'POST',
        url: '/branches',
        as: 'admin',
        ...json(
          fields({
            name: fc.uuid().map((id) => `סניף ${id.slice(0, 6)}`),
            slug: fc.uuid().map((id) => `branch-${id.slice(0, 6)}`),
            city: ['הרצליה', ''],
            phone: ['09-9511111', ''],
            email: ['herzliya@example.com', ''],
            brokers: [[], [{ name: 'מתווך', licenceNumber: '12345' }]],
            active: [true, false],
          }),
        ),
      },
      {
        method: 'GET',
        url: '/branch-pages/:slug',
        as: 'visitor',
        ...path(fields({ slug: ['haifa', 'tel-aviv'] })),
      },
      {
        method: 'PATCH',
        url: '/branches/:branch',
        as: 'admin',
        ...json(
          fields({
            name: ['סניף חיפה', 'סניף'],
            openingHours: ['א׳–ה׳ 9:00–18:00', ''],
            legalEntity: ['ח.פ. 512345678', ''],
            active: [true, false],
          }),
        ),
      },
      {
        method: 'GET',
        url: '/branches/:branch/close-preview',
        as: 'admin',
        ...path(fields({ branch: ['$branch'] })),
      },
      {
        method: 'POST',
        url: '/branches/:branch/close',
        as: 'admin',
        ...json(fields({ targetBranchId: ['$defaultBranch', '$branch'] })),
      },
    ],
  ),
  ...family(
    'orders',
    ['brokerage_orders', 'brokerage_order_links', 'mail_outbox', 'audit_log'],
    [
      { method: 'GET', url: '/orders/draft', as: 'agent', ...query(fields({ leadId: ['$lead'] })) },
      { method: 'GET', url: '/orders', as: 'agent', ...query(fields({ propertyId: ['$property'] })) },
      {
        method: 'POST',
        url: '/orders',
        as: 'agent',
        ...json(
          fields({
            leadId: ['$lead'],
            side: ['buyer', 'seller'],
            transactionKind: ['purchase', 'sale'],
            clientName: name,
            clientIdNumber: ['039337423', '18'],
            clientAddress: ['הנביאים 5, חיפה'],
            clientPhone: phone,
            clientEmail: ['dana@example.com', ''],
            properties: [[{ address: 'מוריה 10, חיפה' }], [{ propertyId: '$property', address: 'הרצל 7' }]],
            approxPrice: [1_500_000, 4500],
            feeKind: ['percent', 'amount'],
            feeValue: [2, 5000, 1.5],
            vatIncluded: [true, false],
          }),
        ),
      },
      { method: 'GET', url: '/orders/:id', as: 'agent', ...path(fields({ id: ['$order'] })) },
      {
        method: 'PUT',
        url: '/orders/:order',
        as: 'agent',
        ...json(
          fields({
            leadId: ['$lead'],
            side: ['buyer'],
            transactionKind: ['purchase'],
            clientName: name,
            clientIdNumber: ['039337423'],
            clientAddress: ['הנביאים 5, חיפה'],
            clientPhone: phone,
            properties: [[{ address: 'מוריה 10, חיפה' }]],
            approxPrice: [1_500_000],
            feeKind: ['percent'],
            feeValue: [2],
            vatIncluded: [false],
          }),
        ),
      },
      { method: 'POST', url: '/orders/:id/send', as: 'agent', ...path(fields({ id: ['$order'] })) },
      {
        method: 'GET',
        url: '/orders/:id/pdf',
        as: 'agent',
        // 404 before signing; the PDF once another generated request has signed the order.
        answers: 'application/pdf',
        ...path(fields({ id: ['$order'] })),
      },
      {
        method: 'GET',
        url: '/orders/verify/:sha256',
        as: 'visitor',
        ...path(fields({ sha256: ['0'.repeat(64), 'A'.repeat(64)] })),
      },
      {
        method: 'POST',
        url: '/orders/:order/revoke',
        as: 'admin',
        ...json(fields({ reason: ['הלקוח ביקש'] })),
      },
      {
        method: 'POST',
        url: '/sign/:orderToken',
        as: 'visitor',
        ...json(
          fields({
            method: ['typed', 'drawn'],
            typedName: ['דנה כהן'],
            signaturePng: ['data:image/png;base64,AAAA'],
            consent: [true, false],
          }),
        ),
      },
    ],
  ),
  ...family(
    'exclusivities',
    ['brokerage_orders', 'exclusivity_actions'],
    [
      { method: 'GET', url: '/exclusivities', as: 'agent', ...query(fields({ propertyId: ['$property'] })) },
      {
        method: 'POST',
        url: '/exclusivities',
        as: 'agent',
        ...json(
          fields({
            propertyId: ['$property'],
            side: ['seller', 'landlord'],
            clientName: name,
            clientIdNumber: ['039337423', '18'],
            clientAddress: ['הנביאים 5, חיפה'],
            clientPhone: phone,
            approxPrice: [1_500_000],
            feeKind: ['percent', 'amount'],
            feeValue: [2, 5000],
            vatIncluded: [true, false],
            termStart: [today],
            termEnd: [israelDate(new Date(Date.now() + 90 * 86_400_000)), '2040-01-01'],
            marketingActions: [['sign', 'internet'], ['sign']],
          }),
        ),
      },
      { method: 'GET', url: '/exclusivities/:id', as: 'agent', ...path(fields({ id: ['$exclusivity'] })) },
      {
        method: 'POST',
        url: '/exclusivities/:exclusivity/actions',
        as: 'agent',
        ...json(
          fields({
            date: [today, tomorrow],
            action: ['sign', 'newspaper'],
            note: ['שלט הוצב'],
            evidenceUrl: ['https://example.com/a', 'ftp://x'],
          }),
        ),
      },
    ],
  ),
  ...family(
    'settings',
    ['agency_settings', 'audit_log'],
    [
      {
        method: 'PATCH',
        url: '/settings',
        as: 'admin',
        ...json(
          fields({
            agencyName: ['לינק נדל"ן'],
            phone: ['04-1234567'],
            email: ['office@example.com'],
            city: ['חיפה'],
            whatsappPhone: ['050-123-4567'],
            facebookUrl: ['https://facebook.com/x', ''],
            story: ['סיפור'],
            founders: fc.array(
              fields({ name, phone: ['050-111-2222'], image: ['/uploads/media/a.webp', ''], text: ['x'] }),
              { maxLength: 2 },
            ),
            media: fields({ ...each(DEFAULT_SETTINGS.media), offersImage: ['/uploads/media/b.webp', ''] }),
            accessibility: fields({
              ...each(DEFAULT_SETTINGS.accessibility),
              lastChecked: [today, '2026-02-30'],
            }),
            excludeHolidays: [true, false],
          }),
        ),
      },
      { method: 'POST', url: '/settings/media/:kind', as: 'admin', ...form(fields({ file: hostileFile })) },
    ],
  ),
  ...family(
    'dashboards',
    ['indicators', 'indicator_month_totals', 'goals', 'audit_log'],
    [
      ...(['weekly', 'monthly', 'all'] as const).map((period) => ({
        method: 'POST' as const,
        url: `/indicators/summary/${period}`,
        as: 'agent' as const,
        ...json(fields({ id: ['$agent', ['$agent'], { agent: '$agent' }] })),
      })),
      { method: 'GET', url: '/indicators/scoreboard', as: 'agent', ...query(fields(month)) },
      { method: 'GET', url: '/goals/companyPerformance', as: 'admin', ...query(fields(month)) },
      { method: 'GET', url: '/network/dashboard', as: 'admin', ...query(fields(month)) },
      {
        method: 'GET',
        url: '/goals/getGoalByAgentAndMonth/:agentId/:year/:month',
        as: 'agent',
        ...path(fields({ agentId: ['$agent'], ...month })),
      },
      { method: 'GET', url: '/goals/performance/all/:year/:month', as: 'admin', ...path(fields(month)) },
      {
        method: 'GET',
        url: '/goals/performance/:agentId/:year/:month',
        as: 'agent',
        ...path(fields({ agentId: ['$agent'], ...month })),
      },
      { method: 'DELETE', url: '/indicators/:id', as: 'admin', ...path(fields({ id: ['$indicator'] })) },
    ],
  ),
  ...family(
    'property-pages',
    ['properties', 'property_images', 'audit_log'],
    [
      { method: 'GET', url: '/property/:id', as: 'visitor', ...path(fields({ id: ['$property'] })) },
      { method: 'GET', url: '/property/:id/similar', as: 'visitor', ...path(fields({ id: ['$property'] })) },
      { method: 'GET', url: '/property/:id/agents', as: 'admin', ...path(fields({ id: ['$property'] })) },
      { method: 'GET', url: '/property/:id/location', as: 'admin', ...path(fields({ id: ['$property'] })) },
      {
        method: 'GET',
        url: '/property/getMyProperties/:agentId',
        as: 'visitor',
        ...path(fields({ agentId: ['$agent'] })),
      },
      {
        method: 'DELETE',
        url: '/property/:id/images/:imageId',
        as: 'admin',
        ...path(fields({ id: ['$property'], imageId: ['$goal'] })),
      },
      { method: 'DELETE', url: '/property/:id', as: 'admin', ...path(fields({ id: ['$spare'] })) },
    ],
  ),
  ...family(
    'user-admin',
    ['users', 'audit_log'],
    [
      // The active team is public; asking for the inactive users too is an admin's request.
      {
        method: 'GET',
        url: '/users',
        as: 'admin',
        ...query(fields({ includeInactive: ['true'] })),
        refusesVisitor: (value) => new URLSearchParams(String(value)).get('includeInactive') === 'true',
      },
      { method: 'GET', url: '/users', as: 'visitor', ...query(fields({ includeInactive: ['false'] })) },
      {
        method: 'GET',
        url: '/users/:id',
        as: 'admin',
        ...path(fields({ id: ['$target'] })),
        // An active user's public card is open to visitors (the agent page); what only an admin sees in it is
        // checked by the users API tests.
        refusesVisitor: () => false,
      },
      { method: 'DELETE', url: '/users/:id', as: 'admin', ...path(fields({ id: ['$target'] })) },
      { method: 'POST', url: '/users/:id/activate', as: 'admin', ...path(fields({ id: ['$target'] })) },
    ],
  ),
  ...family(
    'office-reads',
    ['report_contacts', 'report_shares', 'leads', 'mail_outbox', 'audit_log'],
    [
      {
        method: 'GET',
        url: '/audit',
        as: 'admin',
        ...query(
          fields({ actorId: ['$agent'], entity: ['property', 'user'], page: ['1'], pageSize: ['20'] }),
        ),
      },
      { method: 'GET', url: '/leads', as: 'admin', ...query(fields({ limit: ['10', '200'] })) },
      { method: 'GET', url: '/inquiries/:id', as: 'agent', ...path(fields({ id: ['$target'] })) },
      { method: 'POST', url: '/mail/:id/resend', as: 'admin', ...path(fields({ id: ['$target'] })) },
      {
        method: 'GET',
        url: '/reportContact/getReportContactByAgent/:agentId',
        as: 'agent',
        ...path(fields({ agentId: ['$agent'] })),
      },
      {
        method: 'GET',
        url: '/reportContact/properties/:agentId',
        as: 'agent',
        ...path(fields({ agentId: ['$agent'] })),
      },
      {
        method: 'GET',
        url: '/reportContact/shares',
        as: 'agent',
        ...query(fields({ agentId: ['$agent'], address: ['$address'] })),
      },
      {
        method: 'DELETE',
        url: '/reportContact/shares/:id',
        as: 'agent',
        ...path(fields({ id: ['$target'] })),
      },
      {
        method: 'GET',
        url: '/reportContact/shared/:token',
        as: 'visitor',
        ...path(fields({ token: ['a'.repeat(43)] })),
      },
    ],
  ),
  ...family(
    'push',
    ['push_subscriptions', 'push_preferences', 'push_outbox'],
    [
      {
        method: 'POST',
        url: '/push/subscriptions',
        as: 'agent',
        ...json(
          fields({
            endpoint: ['https://fcm.googleapis.com/fcm/send/fuzz-device', 'http://fcm.googleapis.com/x'],
            keys: [
              {
                p256dh:
                  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
                auth: 'tBHItJI5svbpez7KI4CCXg',
              },
            ],
            expirationTime: [null],
          }),
        ),
      },
      {
        method: 'PUT',
        url: '/push/preferences',
        as: 'agent',
        ...json(
          fields({
            leadAssigned: [true, false],
            leadEscalated: [true],
            nextTouchDue: [false],
            dailyEntryMissing: [true],
          }),
        ),
      },
      { method: 'DELETE', url: '/push/subscriptions/:id', as: 'agent', ...path(fields({ id: ['$target'] })) },
    ],
  ),
  ...family(
    'alerts',
    [
      'alert_subscribers',
      'alert_tokens',
      'saved_searches',
      'alert_favourites',
      'alert_consent_log',
      'mail_outbox',
      'leads',
      'contacts',
      'lead_activities',
      'push_outbox',
    ],
    [
      {
        method: 'POST',
        url: '/alerts/subscribe',
        as: 'visitor',
        ...json(
          fields({
            name,
            email: freshEmail,
            phone: ['', ...phone],
            consent: [true],
            consentText: [ALERTS_CONSENT_TEXT],
            frequency: ['immediate', 'daily'],
            search: [savedSearch, { type: 'rent' }],
            favourites: [['$property'], []],
            website: [''],
          }),
        ),
      },
      {
        method: 'POST',
        url: '/alerts/link',
        as: 'visitor',
        ...json(fields({ email: ['$alertEmail'], website: [''] })),
      },
      {
        method: 'GET',
        url: '/alerts/me/:token',
        as: 'visitor',
        ...path(fields({ token: ['$alertToken', 'a'.repeat(43)] })),
      },
      {
        method: 'POST',
        url: '/alerts/me/:token/confirm',
        as: 'visitor',
        ...path(fields({ token: ['$alertToken', 'a'.repeat(43)] })),
      },
      {
        method: 'PATCH',
        url: '/alerts/me/:alertToken',
        as: 'visitor',
        ...json(fields({ name, frequency: ['immediate', 'daily'] })),
      },
      {
        method: 'PUT',
        url: '/alerts/me/:alertToken/favourites',
        as: 'visitor',
        ...json(fields({ propertyIds: [['$property'], []] })),
      },
      {
        method: 'POST',
        url: '/alerts/me/:alertToken/searches',
        as: 'visitor',
        ...json(fields({ filters: [savedSearch, { type: 'rent', city: 'עכו' }] })),
      },
      {
        method: 'PATCH',
        url: '/alerts/me/:alertToken/searches/:search',
        as: 'visitor',
        ...json(fields({ filters: [savedSearch], paused: [true, false] })),
      },
      {
        method: 'POST',
        url: '/alerts/me/:phoneOnlyAlertToken/email',
        as: 'visitor',
        ...json(
          fields({
            email: freshEmail,
            consent: [true],
            consentText: [ALERTS_CONSENT_TEXT],
            website: [''],
          }),
        ),
      },
      {
        method: 'POST',
        url: '/alerts/me/:token/unsubscribe',
        as: 'visitor',
        ...path(fields({ token: ['$alertToken', 'a'.repeat(43)] })),
      },
      {
        method: 'DELETE',
        url: '/alerts/me/:token/searches/:id',
        as: 'visitor',
        ...path(fields({ token: ['$spareAlertToken'], id: ['$spareSearch'] })),
      },
      {
        method: 'DELETE',
        url: '/alerts/me/:token',
        as: 'visitor',
        ...path(fields({ token: ['$spareAlertToken', 'a'.repeat(43)] })),
      },
      {
        method: 'GET',
        url: '/property/:id/matching-buyers',
        as: 'agent',
        ...path(fields({ id: ['$property'] })),
      },
      {
        method: 'GET',
        url: '/pipeline/leads/:id/matching-properties',
        as: 'agent',
        ...path(fields({ id: ['$lead'] })),
      },
    ],
  ),
];
