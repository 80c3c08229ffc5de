import type { ActivityKind } from '@shared/domain/activities';
import { branchScopeOf } from '@shared/domain/branch-scope';
import { LEAD_CATEGORIES } from '@shared/domain/lead-categories';
import type { Database } from '../db/client';
import type { properties, users } from '../db/schema';
import { addLead, createActivity, updateLead } from '../modules/leads';
import type { SessionUser } from '../plugins/session';

type User = typeof users.$inferSelect;
type Property = typeof properties.$inferSelect;

const MINUTE = 60_000;

/** The demo's requests: who asked (described, never named), about what, and what the agent did since. */
const REQUESTS: {
  name: string;
  phone: string;
  category: string;
  property?: number;
  hoursAgo: number;
  work: ActivityKind[];
}[] = [
  {
    name: 'קונה לדירת 4 חדרים',
    phone: '050-700-1001',
    category: LEAD_CATEGORIES.buyer,
    property: 0,
    hoursAgo: 2,
    work: [],
  },
  {
    name: 'משפחה מחפשת להשכרה',
    phone: '052-700-1002',
    category: LEAD_CATEGORIES.rental,
    hoursAgo: 5,
    work: ['call'],
  },
  {
    name: 'מוכר דירה בכרמל',
    phone: '054-700-1003',
    category: LEAD_CATEGORIES.seller,
    hoursAgo: 26,
    work: ['call', 'meeting'],
  },
  {
    name: 'זוג צעיר, דירה ראשונה',
    phone: '053-700-1004',
    category: LEAD_CATEGORIES.buyer,
    property: 1,
    hoursAgo: 50,
    work: ['whatsapp', 'buyerTour'],
  },
  {
    name: 'משקיע, דירה להשקעה',
    phone: '058-700-1005',
    category: LEAD_CATEGORIES.buyer,
    property: 2,
    hoursAgo: 75,
    work: ['call', 'buyerTour', 'priceOffer'],
  },
  { name: 'פנייה מהאתר', phone: '050-700-1006', category: LEAD_CATEGORIES.buyer, hoursAgo: 1, work: [] },
  {
    name: 'קונה מחוץ לעיר',
    phone: '052-700-1007',
    category: LEAD_CATEGORIES.buyer,
    property: 3,
    hoursAgo: 120,
    work: ['call', 'note'],
  },
];

const sessionOf = (user: User): SessionUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  companyRole: user.companyRole,
  gender: user.gender,
  branchId: user.branchId,
  networkAccess: user.networkAccess,
  branchScope: branchScopeOf(user),
  sessionId: 'demo-seed',
});

/** Contacts, routed leads and a few logged activities (which fill the day's indicators) for the demo. */
export async function seedDemoPipeline(db: Database, team: User[], listings: Property[]) {
  const now = Date.now();
  for (const request of REQUESTS) {
    const property = request.property === undefined ? undefined : listings[request.property];
    const createdAt = new Date(now - request.hoursAgo * 60 * MINUTE);
    const { lead } = await db.transaction((tx) =>
      addLead(tx, {
        name: request.name,
        phone: request.phone,
        category: request.category,
        source: property ? 'propertyInquiry' : 'homeForm',
        message: property ? 'אשמח לפרטים נוספים ולתאם ביקור' : '',
        propertyId: property?.id ?? null,
        hints: property ? { propertyAgentId: property.agentId, secondAgentId: property.agentSecendId } : {},
        now: createdAt,
      }),
    );
    const owner = team.find((u) => u.id === lead.ownerId);
    if (!owner) continue;
    const actor = sessionOf(owner);
    for (const [step, kind] of request.work.entries()) {
      const occurredAt = new Date(Math.min(now, createdAt.getTime() + (step + 1) * 20 * MINUTE));
      await createActivity(db, actor, lead.id, {
        kind,
        occurredAt,
        note: kind === 'note' ? 'ביקש לחזור אליו אחרי החגים' : '',
        ...(kind === 'priceOffer' ? { amount: 1_850_000 } : {}),
      });
    }
    if (request.work.length > 0) {
      await updateLead(db, actor, lead.id, {
        nextTouchAt: new Date(now + (request.hoursAgo % 3) * 60 * MINUTE + 30 * MINUTE),
      });
    }
  }
}
