import { type BranchScope, seesBranch } from '@shared/domain/branch-scope';
import { israelMonthRange } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { conversionRate, LEAD_STATUSES, type LeadStatus, percentile } from '@shared/domain/pipeline';
import { worksAsAgent } from '@shared/domain/roles';
import { isOnLeave, nextInRotation, roundRobinPool } from '@shared/domain/routing';
import {
  type Availability,
  BRANCH_ROUTING_MESSAGES,
  type BranchLeadSettings,
  type BranchLeadSettingsBody,
  LEAD_SETTINGS_MESSAGES,
  type LeadSettings,
  type PipelinePerformance,
  type UpdateAvailabilityBody,
} from '@shared/schemas/lead-settings';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { branchCities, branches, branchLeadSettings, leadSettings, leads, users } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { isUniqueViolation } from '../../../lib/idempotency';
import type { SessionUser } from '../../../plugins/session';
import { assertInScope, inBranchScope } from '../../branches';
import { responseMinutesOf } from './reads';
import {
  readBranchCities,
  readBranchLeadSettings,
  readLeadSettings,
  readOfficeHours,
  saveBranchLeadSettings,
  saveLeadSettings,
} from './settings';

/** PUT /pipeline/settings: every city's agent must be an active user. */
export async function putLeadSettings(db: Database, actor: SessionUser, settings: LeadSettings) {
  const ids = [...new Set(settings.cityAgents.map((c) => c.agentId))];
  if (ids.length > 0) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.active, true)));
    if (found.length !== ids.length)
      throw badRequest(LEAD_SETTINGS_MESSAGES.agentUnknown, {
        cityAgents: LEAD_SETTINGS_MESSAGES.agentUnknown,
      });
  }
  await db.transaction(async (tx) => {
    const before = await readLeadSettings(tx);
    await saveLeadSettings(tx, settings);
    await recordAudit(tx as Database, actor, {
      entity: 'settings',
      entityId: 'pipeline',
      action: 'update',
      before: { ...before },
      after: { ...settings },
    });
  });
  return readLeadSettings(db);
}

/** A branch's routing as it works (GET /pipeline/branches/{id}/settings): outside the scope, not found. */
export async function getBranchLeadSettings(
  db: Database,
  actor: SessionUser,
  branchId: string,
): Promise<BranchLeadSettings> {
  const [branch] = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.id, branchId));
  if (!branch) throw notFound(BRANCH_ROUTING_MESSAGES.branchNotFound);
  assertInScope(actor.branchScope, branch.id, BRANCH_ROUTING_MESSAGES.branchNotFound);
  const [{ settings, own }, cities] = await Promise.all([
    readBranchLeadSettings(db, branch.id),
    readBranchCities(db, branch.id),
  ]);
  return { branch: { _id: branch.id, name: branch.name }, cities, own, settings };
}

/**
 * PUT /pipeline/branches/{id}/settings: the branch's cities (a city another branch covers: 409 on the field)
 * and its own settings or the network's; a city agent must be an active agent of the branch. One transaction.
 */
export async function putBranchLeadSettings(
  db: Database,
  actor: SessionUser,
  branchId: string,
  body: BranchLeadSettingsBody,
): Promise<BranchLeadSettings> {
  const before = await getBranchLeadSettings(db, actor, branchId);
  const ids = [...new Set((body.own?.cityAgents ?? []).map((c) => c.agentId))];
  if (ids.length > 0) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.active, true), eq(users.branchId, branchId)));
    if (found.length !== ids.length)
      throw badRequest(LEAD_SETTINGS_MESSAGES.agentUnknown, {
        cityAgents: LEAD_SETTINGS_MESSAGES.agentUnknown,
      });
  }
  await db
    .transaction(async (tx) => {
      if (body.cities.length > 0) {
        const [taken] = await tx
          .select({ city: branchCities.city })
          .from(branchCities)
          .where(and(inArray(branchCities.city, body.cities), ne(branchCities.branchId, branchId)))
          .limit(1);
        if (taken)
          throw conflict(BRANCH_ROUTING_MESSAGES.cityTaken(taken.city), {
            cities: BRANCH_ROUTING_MESSAGES.cityTaken(taken.city),
          });
      }
      await tx.delete(branchCities).where(eq(branchCities.branchId, branchId));
      if (body.cities.length > 0)
        // Two branches claiming one city at once: the primary key refuses the second (a 409 below).
        await tx.insert(branchCities).values(body.cities.map((city) => ({ city, branchId })));
      await saveBranchLeadSettings(tx, branchId, body.own);
      await recordAudit(tx as Database, actor, {
        entity: 'settings',
        entityId: `pipeline:${branchId}`,
        action: 'update',
        before: { cities: before.cities, own: before.own ? before.settings : null },
        after: { cities: body.cities, own: body.own },
      });
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err))
        throw conflict(BRANCH_ROUTING_MESSAGES.cityTaken(body.cities.join(', ')), {
          cities: BRANCH_ROUTING_MESSAGES.cityTaken(body.cities.join(', ')),
        });
      throw err;
    });
  return getBranchLeadSettings(db, actor, branchId);
}

const candidateColumns = {
  id: users.id,
  name: users.name,
  gender: users.gender,
  role: users.role,
  companyRole: users.companyRole,
  active: users.active,
  takesLeads: users.takesLeads,
  leaveFrom: users.leaveFrom,
  leaveUntil: users.leaveUntil,
  branchId: users.branchId,
};

type Candidate = { [K in keyof typeof candidateColumns]: (typeof users.$inferSelect)[K] };

/**
 * Each person's place in their branch's round robin: a branch's leads go round among its own people
 * (decision 0047), from the branch's own position once it has one (its settings row), else the network's. Only the
 * listed people's branches are read, so a branch manager's list costs the same in a network of fifty branches
 * as in one office.
 */
async function availabilityOf(db: Database, people: Candidate[], now = new Date()): Promise<Availability[]> {
  const today = israelDate(now);
  const branchIds = [...new Set(people.map((p) => p.branchId))];
  const [colleagues, branchRows, [network]] = await Promise.all([
    branchIds.length ? db.select(candidateColumns).from(users).where(inArray(users.branchId, branchIds)) : [],
    branchIds.length
      ? db
          .select({
            branchId: branchLeadSettings.branchId,
            own: branchLeadSettings.own,
            lastId: branchLeadSettings.roundRobinLastId,
          })
          .from(branchLeadSettings)
          .where(inArray(branchLeadSettings.branchId, branchIds))
      : [],
    db.select({ lastId: leadSettings.roundRobinLastId }).from(leadSettings).where(eq(leadSettings.id, 1)),
  ]);
  const rotations = new Map(
    branchIds.map((branchId) => {
      const pool = roundRobinPool(
        colleagues.filter((c) => c.branchId === branchId),
        today,
      );
      const row = branchRows.find((r) => r.branchId === branchId);
      const lastId = row ? row.lastId : (network?.lastId ?? null);
      return [branchId, { pool: new Set(pool.map((c) => c.id)), next: nextInRotation(pool, lastId)?.id }];
    }),
  );
  return people.map((p) => ({
    agent: { _id: p.id, name: p.name, gender: p.gender, companyRole: p.companyRole, active: p.active },
    takesLeads: p.takesLeads,
    leaveFrom: p.leaveFrom,
    leaveUntil: p.leaveUntil,
    onLeave: isOnLeave(p, today),
    inRoundRobin: rotations.get(p.branchId)?.pool.has(p.id) ?? false,
    nextInRoundRobin: rotations.get(p.branchId)?.next === p.id,
  }));
}

/** GET /pipeline/agents: everyone who does agent work, with their place in the routing. */
export async function listAvailability(db: Database, scope: BranchScope) {
  const people = (
    await db
      .select(candidateColumns)
      .from(users)
      .where(inBranchScope(scope, users.branchId))
      .orderBy(asc(users.name), asc(users.id))
  ).filter(worksAsAgent);
  return availabilityOf(db, people);
}

/** PATCH /pipeline/agents/{id}: leave dates (the agent or an admin), the takes-leads switch (an admin). */
export async function updateAvailability(
  db: Database,
  actor: SessionUser,
  id: string,
  body: UpdateAvailabilityBody,
) {
  const admin = actor.role === 'admin';
  if (!admin && id !== actor.id) throw forbidden(PIPELINE_MESSAGES.notYourLead);
  if (!admin && body.takesLeads !== undefined) throw forbidden(PIPELINE_MESSAGES.takesLeadsAdminOnly);
  const [person] = await db.select(candidateColumns).from(users).where(eq(users.id, id));
  if (!person || !seesBranch(actor.branchScope, person.branchId)) throw notFound();
  const changes = {
    ...(body.takesLeads !== undefined ? { takesLeads: body.takesLeads } : {}),
    ...(body.leaveFrom !== undefined ? { leaveFrom: body.leaveFrom } : {}),
    ...(body.leaveUntil !== undefined ? { leaveUntil: body.leaveUntil } : {}),
  };
  const from = changes.leaveFrom !== undefined ? changes.leaveFrom : person.leaveFrom;
  const until = changes.leaveUntil !== undefined ? changes.leaveUntil : person.leaveUntil;
  if (from && until && from > until)
    throw badRequest(PIPELINE_MESSAGES.leaveOrder, { leaveUntil: PIPELINE_MESSAGES.leaveOrder });
  await db.transaction(async (tx) => {
    if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, id));
    await recordAudit(tx as Database, actor, {
      entity: 'user',
      entityId: id,
      action: 'update',
      before: { takesLeads: person.takesLeads, leaveFrom: person.leaveFrom, leaveUntil: person.leaveUntil },
      after: {
        takesLeads: person.takesLeads,
        leaveFrom: person.leaveFrom,
        leaveUntil: person.leaveUntil,
        ...changes,
      },
    });
  });
  const [updated] = await db.select(candidateColumns).from(users).where(eq(users.id, id));
  const [availability] = await availabilityOf(db, [updated!]);
  return availability!;
}

type Figures = PipelinePerformance['total'];

function figuresOf(rows: { status: LeadStatus; minutes: number | null }[], sla: number): Figures {
  const minutes = rows.flatMap((r) => (r.minutes === null ? [] : [r.minutes]));
  const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Figures['byStatus'];
  for (const row of rows) byStatus[row.status] += 1;
  const withinSla = minutes.filter((m) => m <= sla).length;
  const deals = byStatus.deal;
  return {
    received: rows.length,
    contacted: minutes.length,
    medianMinutes: percentile(minutes, 50),
    p90Minutes: percentile(minutes, 90),
    withinSla,
    withinSlaShare: rows.length > 0 ? withinSla / rows.length : 0,
    byStatus,
    deals,
    conversion: conversionRate(deals, rows.length),
  };
}

/** GET /pipeline/performance: a month of leads by arrival (Israel time), per owner and in total. */
export async function pipelinePerformance(
  db: Database,
  scope: BranchScope,
  year: number,
  month: number,
): Promise<PipelinePerformance> {
  // A branch's figures count by its response target and hours; the network's by the network's.
  const { settings, hours } = await readOfficeHours(db, scope.all ? null : scope.branchId);
  const range = israelMonthRange(year, month);
  const rows = await db
    .select({
      ownerId: leads.ownerId,
      ownerName: users.name,
      status: leads.status,
      createdAt: leads.createdAt,
      firstContactAt: leads.firstContactAt,
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.ownerId))
    .where(
      and(
        gte(leads.createdAt, range.from),
        lt(leads.createdAt, range.to),
        inBranchScope(scope, leads.branchId),
      ),
    );
  const measured = rows.map((r) => ({ ...r, minutes: responseMinutesOf(r, hours) }));
  const owners = new Map<string, { name: string; rows: typeof measured }>();
  for (const row of measured) {
    if (!row.ownerId) continue;
    const entry = owners.get(row.ownerId) ?? { name: row.ownerName ?? '', rows: [] };
    entry.rows.push(row);
    owners.set(row.ownerId, entry);
  }
  return {
    slaMinutes: settings.slaMinutes,
    agents: [...owners.entries()]
      .map(([id, { name, rows }]) => ({ agent: { _id: id, name }, ...figuresOf(rows, settings.slaMinutes) }))
      .sort((a, b) => b.received - a.received || a.agent.name.localeCompare(b.agent.name, 'he')),
    total: figuresOf(measured, settings.slaMinutes),
  };
}
