import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { paths } from '@shared/paths';
import { and, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { agencySettings, branches, properties, users } from '../db/schema';
import { absoluteUrl } from '../lib/links';
import { INDEXED_PAGES, PRIVATE_PREFIXES } from './public-pages';

type Entry = { path: string; lastmod: Date | null };

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);

/**
 * Every public page, every unsold property, every active team member and every open branch, each with its last
 * change (a branch's page changes with the branch, its listings and its people).
 */
export async function sitemapEntries(db: Database): Promise<Entry[]> {
  const [settingsRow] = await db.select({ at: agencySettings.updatedAt }).from(agencySettings).limit(1);
  const settingsAt = settingsRow?.at ?? null;
  const listed = await db
    .select({ id: properties.id, type: properties.typeTransaction, at: properties.updatedAt })
    .from(properties)
    .where(eq(properties.sold, false))
    .orderBy(properties.createdAt, properties.id);
  // The people of the team grid (shown on the site, docs/decisions/0057): nobody else has a public page.
  const agents = await db
    .select({ id: users.id, at: users.updatedAt })
    .from(users)
    .where(and(eq(users.active, true), eq(users.showOnSite, true)))
    .orderBy(users.name, users.id);
  const openBranches = await db
    .select({ slug: branches.slug, at: branches.updatedAt })
    .from(branches)
    .where(eq(branches.active, true))
    .orderBy(branches.createdAt, branches.name);
  const branchListings = await db
    .select({ slug: branches.slug, at: max(properties.updatedAt) })
    .from(properties)
    .innerJoin(branches, and(eq(branches.id, properties.branchId), eq(branches.active, true)))
    .groupBy(branches.slug);
  const branchPeople = await db
    .select({ slug: branches.slug, at: max(users.updatedAt) })
    .from(users)
    .innerJoin(branches, and(eq(branches.id, users.branchId), eq(branches.active, true)))
    .groupBy(branches.slug);
  const lastOf = (rows: { slug: string; at: Date | null }[], slug: string) =>
    rows.find((row) => row.slug === slug)?.at;
  const [lastAnyChange] = await db.select({ at: max(properties.updatedAt) }).from(properties);
  const [lastAgentChange] = await db.select({ at: max(users.updatedAt) }).from(users);

  // Pages that show only the agency's settings changed with them (or, before any save, with the site's data).
  const siteAt = settingsAt ?? latest(lastAnyChange?.at, lastAgentChange?.at);
  const newestOf = (type: string) => latest(...listed.filter((p) => p.type === type).map((p) => p.at));
  const pageLastmod: Record<string, Date | null> = {
    [paths.home()]: latest(settingsAt, lastAnyChange?.at, lastAgentChange?.at),
    [paths.sale()]: latest(newestOf(TRANSACTION_TYPES.sale), lastAnyChange?.at),
    [paths.rent()]: latest(newestOf(TRANSACTION_TYPES.rent), lastAnyChange?.at),
    [paths.aboutLink()]: latest(settingsAt, lastAgentChange?.at),
  };
  return [
    ...INDEXED_PAGES.map((path) => ({ path, lastmod: pageLastmod[path] ?? siteAt })),
    ...listed.map((p) => ({ path: paths.propertyView(p.id), lastmod: p.at })),
    ...agents.map((a) => ({ path: paths.aboutAgent(a.id), lastmod: a.at })),
    ...openBranches.map((b) => ({
      path: paths.branchPage(b.slug),
      lastmod: latest(b.at, lastOf(branchListings, b.slug), lastOf(branchPeople, b.slug)),
    })),
  ];
}

export function sitemapXml(appOrigin: string, entries: Entry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(absoluteUrl(appOrigin, path))}</loc>`;
    return `<url>${loc}${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(appOrigin: string): string {
  // Several private routes share a prefix (the leads board and a lead's page): each prefix is named once.
  const disallow = [...new Set(['/api/', ...PRIVATE_PREFIXES])].map((prefix) => `Disallow: ${prefix}`);
  return `User-agent: *\n${disallow.join('\n')}\n\nSitemap: ${absoluteUrl(appOrigin, '/sitemap.xml')}\n`;
}

/** /sitemap.xml (built from the database on each request) and /robots.txt, both with APP_ORIGIN links. */
export const sitemapPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/sitemap.xml', async (_request, reply) => {
      const xml = sitemapXml(app.env.APP_ORIGIN, await sitemapEntries(app.db));
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(xml);
    });
    app.get('/robots.txt', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(app.env.APP_ORIGIN)),
    );
  },
  { name: 'sitemap', dependencies: ['compression'] },
);
