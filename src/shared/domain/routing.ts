import { COMPANY_ROLES, companyRoleOf, type Role, worksAsAgent } from './roles';

/**
 * The rules a new lead is assigned by, in the order an admin sets (docs/leads.md). The fallback, the office
 * manager or else an admin, always comes last and cannot be removed, so every lead gets an owner.
 */
export const ROUTING_RULES = [
  'propertyAgent',
  'secondAgent',
  'cityAgent',
  'contactOwner',
  'roundRobin',
] as const;
export type RoutingRule = (typeof ROUTING_RULES)[number];
export const DEFAULT_ROUTING_RULES: readonly RoutingRule[] = [
  'propertyAgent',
  'secondAgent',
  'cityAgent',
  'contactOwner',
  'roundRobin',
];

export const ROUTING_RULE_LABELS: Record<RoutingRule | 'fallback', string> = {
  propertyAgent: 'הסוכן של הנכס',
  secondAgent: 'הסוכן השני של הנכס',
  cityAgent: 'הסוכן של העיר (פניות מוכרים)',
  contactOwner: 'הסוכן שכבר מטפל באיש הקשר',
  roundRobin: 'סבב בין הסוכנים שמקבלים לידים',
  fallback: 'מנהלת המשרד, ואם אין: מנהל',
};

export const ROUTING_REASONS = {
  propertyAgent: 'הסוכן של הנכס',
  secondAgent: 'הסוכן השני של הנכס',
  cityAgent: (city: string) => `הסוכן של העיר ${city}`,
  contactOwner: 'הסוכן שכבר מטפל באיש הקשר',
  roundRobin: 'סבב: הבא בתור',
  fallback: 'אין סוכן זמין: הועבר לניהול המשרד',
  nobody: 'אין למי להעביר: הליד ממתין לשיוך',
  manual: 'נוסף ידנית',
  reassigned: (by: string) => `הועבר ידנית על ידי ${by}`,
} as const;

/** The start of a reason when a branch routed the lead (docs/decisions/0047-routing-per-branch.md). */
export const BRANCH_REASONS = {
  city: (city: string) => `העיר ${city} בתחום הסניף`,
  ownBranch: 'לפי כללי הניתוב של הסניף',
  /** The branch by its name as written (the demo's 'סניף חיפה', 'משרד ראשי תל אביב'). */
  prefix: (branch: string, why: string, reason: string) => `${branch}: ${why}; ${reason}`,
} as const;

/** Someone a lead may go to, with what the rules read: activity, the takes-leads switch and leave dates. */
export type RoutingCandidate = {
  id: string;
  name: string;
  role: Role;
  companyRole: string | null;
  active: boolean;
  takesLeads: boolean;
  /** Leave dates in Israel (YYYY-MM-DD), both days included; no start means from now on. */
  leaveFrom: string | null;
  leaveUntil: string | null;
};

export type RoutingInput = {
  rules: readonly RoutingRule[];
  /** Today in Israel (YYYY-MM-DD), for the leave dates. */
  today: string;
  /** Everyone the rules may name or pick (active or not). */
  candidates: readonly RoutingCandidate[];
  propertyAgentId?: string | null;
  secondAgentId?: string | null;
  /** A seller's city and the agent an admin set for it. */
  city?: string | null;
  cityAgentId?: string | null;
  /** The owner of the contact's latest open lead. */
  contactOwnerId?: string | null;
  /** Who the round robin gave the last lead to (its position, kept in the database). */
  lastRoundRobinId: string | null;
};

export type RoutingResult = {
  ownerId: string | null;
  rule: RoutingRule | 'fallback' | 'none';
  /** Why, in Hebrew, as the lead shows it. */
  reason: string;
  /** The round robin's new position when it made the pick, else null (the position stays). */
  roundRobinId: string | null;
};

export function isOnLeave(c: Pick<RoutingCandidate, 'leaveFrom' | 'leaveUntil'>, today: string): boolean {
  if (!c.leaveUntil) return false;
  return (!c.leaveFrom || c.leaveFrom <= today) && today <= c.leaveUntil;
}

/** '2026-12-12' as '12.12': the short date of a reason. */
const dayMonth = (iso: string) => `${Number(iso.slice(8, 10))}.${Number(iso.slice(5, 7))}`;

const available = (c: RoutingCandidate, today: string) => c.active && !isOnLeave(c, today);

/** Agents in the round robin: who does agent work (never a pure admin), takes leads, is active and not on leave. */
export function roundRobinPool(candidates: readonly RoutingCandidate[], today: string): RoutingCandidate[] {
  return candidates
    .filter((c) => worksAsAgent(c) && c.takesLeads && available(c, today))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The next in a pool ordered by id after the last one given a lead (the first when none, or past the end). */
export function nextInRotation<T extends { id: string }>(
  pool: readonly T[],
  lastId: string | null,
): T | null {
  if (pool.length === 0) return null;
  return (lastId ? pool.find((c) => c.id > lastId) : undefined) ?? pool[0]!;
}

/** The office manager (by companyRole), else an admin: whoever of them is active and not on leave. */
function fallbackOwner(candidates: readonly RoutingCandidate[], today: string): RoutingCandidate | null {
  const byName = (a: RoutingCandidate, b: RoutingCandidate) => a.name.localeCompare(b.name, 'he');
  const ready = candidates.filter((c) => available(c, today)).sort(byName);
  return (
    ready.find((c) => companyRoleOf(c.companyRole) === COMPANY_ROLES.officeManager) ??
    ready.find((c) => c.role === 'admin') ??
    null
  );
}

/**
 * Assigns a lead: the first rule, in the admin's order, that names someone available wins. A named person who
 * is on leave or inactive is skipped and the reason says so ("הסוכן של הנכס בחופשה עד 12.12, הועבר ל..."),
 * then the next rule is tried. Pure: the caller reads the candidates and the round robin's position inside
 * the lead's transaction and stores the new position it returns.
 */
export function routeLead(input: RoutingInput): RoutingResult {
  const { today, candidates } = input;
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const skipped: string[] = [];
  const tried = new Set<string>();

  const done = (owner: RoutingCandidate, rule: RoutingResult['rule'], reason: string, rr = false) => ({
    ownerId: owner.id,
    rule,
    reason: skipped.length > 0 ? `${skipped.join('; ')}, הועבר ל${owner.name} (${reason})` : reason,
    roundRobinId: rr ? owner.id : null,
  });

  const named = (id: string | null | undefined, label: string) => {
    if (!id || tried.has(id)) return null;
    tried.add(id);
    const person = byId.get(id);
    if (!person) return null;
    if (!person.active) skipped.push(`${label} אינו פעיל`);
    else if (isOnLeave(person, today)) skipped.push(`${label} בחופשה עד ${dayMonth(person.leaveUntil!)}`);
    else return person;
    return null;
  };

  for (const rule of input.rules) {
    if (rule === 'roundRobin') {
      const next = nextInRotation(roundRobinPool(candidates, today), input.lastRoundRobinId);
      if (next) return done(next, rule, ROUTING_REASONS.roundRobin, true);
      continue;
    }
    const [id, label] =
      rule === 'propertyAgent'
        ? [input.propertyAgentId, ROUTING_REASONS.propertyAgent]
        : rule === 'secondAgent'
          ? [input.secondAgentId, ROUTING_REASONS.secondAgent]
          : rule === 'cityAgent'
            ? [input.city ? input.cityAgentId : null, ROUTING_REASONS.cityAgent(input.city ?? '')]
            : [input.contactOwnerId, ROUTING_REASONS.contactOwner];
    const person = named(id, label);
    if (person) return done(person, rule, label);
  }
  const fallback = fallbackOwner(candidates, today);
  if (fallback) return done(fallback, 'fallback', ROUTING_REASONS.fallback);
  return { ownerId: null, rule: 'none', reason: ROUTING_REASONS.nobody, roundRobinId: null };
}
