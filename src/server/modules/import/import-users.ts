import { randomUUID } from 'node:crypto';
import { shownOnSiteByDefault } from '@shared/domain/roles';
import { and, count, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { chunks, countUpserts, forEachDocument, type ImportContext, skipOf } from './context';
import { importImageFile } from './images';
import { type MappedUser, mapUser } from './map-user';
import { profileOf } from './profile-of';
import type { RoleOf } from './report';

/** Stored for users without a usable hash: matches no password, so only a reset link lets them in. */
export const NO_PASSWORD = '!no-password';

type Existing = {
  id: string;
  legacyId: string | null;
  email: string;
  name: string;
  phoneNumber: string;
  aboutMe: string;
  image: string | null;
  role: RoleOf['role'];
  companyRole: string | null;
};

/** Refuses the whole run: nothing is written. */
export class ImportRefused extends Error {
  override name = 'ImportRefused';
}

const activeAdmins = async (ctx: ImportContext) => {
  const [row] = await ctx.tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)));
  return row?.n ?? 0;
};

export async function importUsers(ctx: ImportContext): Promise<void> {
  const adminsBefore = await activeAdmins(ctx);
  const existing: Existing[] = await ctx.tx
    .select({
      id: users.id,
      legacyId: users.legacyId,
      email: users.email,
      name: users.name,
      phoneNumber: users.phoneNumber,
      aboutMe: users.aboutMe,
      image: users.image,
      role: users.role,
      companyRole: users.companyRole,
    })
    .from(users);
  const byLegacy = new Map(existing.filter((u) => u.legacyId).map((u) => [u.legacyId!, u]));
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  for (const u of byLegacy.values()) ctx.userIds.set(u.legacyId!, u.id);

  const rows: (typeof users.$inferInsert)[] = [];
  const emails = new Set<string>();
  const skipped = ctx.report.collections.users.skipped;
  await forEachDocument(ctx, 'users', async (doc, notes) => {
    const mapped = mapUser(doc, notes, ctx.report);
    if (!mapped.ok) return void skipped.push(skipOf(notes.legacyId, mapped));
    const user = mapped.value;
    const sameEmail = byEmail.get(user.email);
    if (emails.has(user.email)) {
      return void skipped.push({
        legacyId: user.legacyId,
        reason: `e-mail ${user.email} used by another record`,
      });
    }
    if (sameEmail?.legacyId && sameEmail.legacyId !== user.legacyId) {
      return void skipped.push({
        legacyId: user.legacyId,
        reason: `e-mail ${user.email} belongs to another user`,
      });
    }
    emails.add(user.email);
    let current = byLegacy.get(user.legacyId);
    if (!current && sameEmail) {
      // Someone who already has an account here (such as the admin who runs the import): link, keep the password.
      await ctx.tx.update(users).set({ legacyId: user.legacyId }).where(sql`${users.id} = ${sameEmail.id}`);
      notes.mapped(
        'email',
        user.email,
        'linked to the existing account with this e-mail (its password kept)',
      );
      current = sameEmail;
    }
    const id = current?.id ?? randomUUID();
    ctx.userIds.set(user.legacyId, id);
    const { role, companyRole } = roleOf(ctx, user, current);
    const profile = profileOf(ctx, user, current);
    if (!user.bcryptHash) ctx.passwordless.push(user);
    rows.push({
      id,
      legacyId: user.legacyId,
      name: profile.name,
      email: profile.email,
      phoneNumber: profile.phoneNumber,
      role,
      companyRole,
      // The old system was one office: its admins ran all of it. Kept as it is on a later run (not in the update below).
      networkAccess: role === 'admin',
      // Shown on the public site as a new person is (docs/decisions/0057); a later run keeps a manager's choice.
      showOnSite: shownOnSiteByDefault({ role, companyRole }),
      // On a second run the update below leaves it alone: an admin may have corrected it since.
      gender: user.gender,
      image: await imageOf(ctx, user, id, current?.image ?? null),
      aboutMe: profile.aboutMe,
      passwordHash: user.bcryptHash ?? NO_PASSWORD,
      createdAt: user.createdAt,
    });
  });

  for (const batch of chunks(rows)) {
    const result = await ctx.tx
      .insert(users)
      .values(batch)
      .onConflictDoUpdate({
        target: users.legacyId,
        set: {
          name: sql`excluded.name`,
          email: sql`excluded.email`,
          phoneNumber: sql`excluded.phone_number`,
          role: sql`excluded.role`,
          companyRole: sql`excluded.company_role`,
          image: sql`coalesce(excluded.image, ${users.image})`,
          aboutMe: sql`excluded.about_me`,
          // A password set here (argon2id: re-hashed at sign-in, reset or changed) is never replaced by the old one.
          passwordHash: sql`case when ${users.passwordHash} like '$argon2%' then ${users.passwordHash} else excluded.password_hash end`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    countUpserts(ctx, 'users', result);
  }
  // The database refuses it at commit anyway (drizzle/0014); said here first, in words, and on a dry run too.
  if (adminsBefore > 0 && (await activeAdmins(ctx)) === 0)
    throw new ImportRefused(
      'the import would leave the agency without an active admin (with --update-roles, the export makes every admin here an agent). Keep at least one admin in the export, or run without --update-roles.',
    );
}

/**
 * The role and company role an account gets: the export's for a new account; an existing one (matched by
 * e-mail, or imported by an earlier run) keeps its own unless --update-roles. Every difference is reported,
 * and every account that becomes an admin is listed.
 */
function roleOf(ctx: ImportContext, user: MappedUser, current: Existing | undefined): RoleOf {
  const wanted: RoleOf = { role: user.role, companyRole: user.companyRole };
  const { roles } = ctx.report;
  if (!current) {
    if (wanted.role === 'admin')
      roles.newAdmins.push({ legacyId: user.legacyId, email: user.email, existing: false });
    return wanted;
  }
  const here: RoleOf = { role: current.role, companyRole: current.companyRole };
  if (here.role === wanted.role && here.companyRole === wanted.companyRole) return here;
  const change = { legacyId: user.legacyId, email: user.email, here, export: wanted };
  if (!ctx.updateRoles) {
    roles.kept.push(change);
    return here;
  }
  roles.changed.push(change);
  if (wanted.role === 'admin' && here.role !== 'admin')
    roles.newAdmins.push({ legacyId: user.legacyId, email: user.email, existing: true });
  return wanted;
}

/** An outside URL as it is; a file named in the record through the image pipeline (once); else nothing. */
async function imageOf(ctx: ImportContext, user: MappedUser, id: string, current: string | null) {
  const ref = user.image;
  if (!ref) return null;
  if (ref.kind === 'url') return ref.url;
  if (current?.startsWith('/uploads/')) return null;
  const image = await importImageFile(ctx, ref.name, `users/${id}`);
  const card = image?.variants.find((v) => v.width >= 600) ?? image?.variants.at(-1);
  return card ? ctx.storage.url(card.key) : null;
}
