import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { withPrefix } from '@shared/domain/prefix';
import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { companyRoleTitle } from '@shared/domain/roles';
import { kindWithRooms, roomsText } from '@shared/domain/rooms';
import { paths, type RouteName } from '@shared/paths';
import { idSchema } from '@shared/schemas/common';
import type { Property } from '@shared/schemas/property';
import type { AgencySettings } from '@shared/schemas/settings';
import type { FastifyInstance } from 'fastify';
import { absoluteUrl } from '../lib/links';
import { findOpenBranchBySlug } from '../modules/branches';
import { getPublicProperty, listCities } from '../modules/properties';
import { getSettings } from '../modules/settings';
import { findPublicUser } from '../modules/users';
import type { PageReads } from './page-api';
import { ensureCoverPhotoShareImage, ensureSiteShareImage, SHARE_IMAGE } from './share-image';
import { branchRealEstateAgent, breadcrumbs, propertyOffer, realEstateAgent } from './structured-data';

export type HeadInput = { route: RouteName | 'notFound'; pathname: string; url: string };
export type HeadContext = {
  app: FastifyInstance;
  webRoot?: string;
  /** The page's reads, shared with its body (page-api.ts); the services directly when absent. */
  reads?: Pick<PageReads, 'cities' | 'property' | 'branch'>;
};

type Meta = {
  title: string;
  description: string;
  /** Path of the canonical URL; none for pages that are not indexed. */
  canonical?: string;
  image?: { url: string; alt: string };
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
};

const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": '#39' }[c]};`);

export const robotsMeta = (content: string) => `<meta name="robots" content="${content}" />`;

/** Text cut at a word boundary to fit a meta description (about 160 characters). */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

const shekels = (price: number) => `₪${price.toLocaleString('en-US')}`;

/** 'דירת 4 חדרים למכירה בהרצל 17, חיפה – ₪2,450,000' (the share title of a property). */
export function propertyTitle(p: Property): string {
  const kind = kindWithRooms(p.category, p.rooms);
  const deal = p.typeTransaction === TRANSACTION_TYPES.rent ? 'להשכרה' : 'למכירה';
  const price = p.typeTransaction === TRANSACTION_TYPES.rent ? `${shekels(p.price)} לחודש` : shekels(p.price);
  return `${kind} ${deal} ב${p.address}, ${p.city} – ${price}${p.sold ? ' (לא זמין)' : ''}`;
}

function propertyDescription(p: Property): string {
  const facts = [
    p.rooms !== null ? roomsText(p.rooms) : '',
    p.size !== null ? `${p.size} מ"ר` : '',
    p.floor ? `קומה ${p.floor}` : '',
    ...p.features.slice(0, 4),
  ].filter(Boolean);
  const lead = `${p.category} ב${p.address}, ${p.city}${facts.length ? `: ${facts.join(', ')}` : ''}.`;
  return summary(p.description ? `${lead} ${p.description}` : lead);
}

const firstParagraph = (text: string) => text.split(/\n\s*\n/)[0] ?? text;

/** The 1200x630 JPEG share image made from a site or uploaded image (by its URL), if it can be read. */
async function shareImageOf(ctx: HeadContext, url: string, alt: string) {
  const read = async () => {
    const stored = ctx.app.storage.keyOf(url);
    if (stored) return ctx.app.storage.read(stored);
    if (!ctx.webRoot || !url.startsWith('/')) return undefined;
    return readFile(join(ctx.webRoot, normalize(url).replace(/^(\.\.[/\\])+/, ''))).catch(() => undefined);
  };
  const key = await ensureSiteShareImage(ctx.app.storage, url, read).catch(() => undefined);
  return key ? { url: ctx.app.storage.url(key), alt } : undefined;
}

async function siteImage(ctx: HeadContext, settings: AgencySettings) {
  const url = settings.media.introPoster;
  return url ? shareImageOf(ctx, url, settings.agencyName) : undefined;
}

/** The share image of the property's cover (its first photo), from the photos the page has already read. */
async function propertyImage(ctx: HeadContext, property: Property) {
  const cover = property.photos[0];
  const key = cover && (await ensureCoverPhotoShareImage(ctx.app.storage, cover).catch(() => undefined));
  return key ? ctx.app.storage.url(key) : undefined;
}

async function metaOf(ctx: HeadContext, input: HeadInput, settings: AgencySettings): Promise<Meta> {
  const origin = ctx.app.env.APP_ORIGIN;
  const agency = settings.agencyName;
  const home = { name: agency, url: absoluteUrl(origin, '/') };
  const crumb = (name: string, path: string) => [home, { name, url: absoluteUrl(origin, path) }];
  const simple = async (
    title: string,
    description: string,
    path: string,
    extra: Record<string, unknown>[] = [],
  ) => ({
    title,
    description,
    canonical: path,
    image: await siteImage(ctx, settings),
    jsonLd: [...extra, breadcrumbs(crumb(title, path))],
  });
  const query = new URLSearchParams(input.url.split('?')[1] ?? '');

  switch (input.route) {
    case 'home': {
      const image = await siteImage(ctx, settings);
      return {
        title: `${agency} – דירות ובתים למכירה ולהשכרה ב${settings.city} והסביבה`,
        description: summary(
          `${agency}: דירות ובתים למכירה ולהשכרה, ליווי מלא לקונים, למוכרים ולמשקיעים. ${settings.address}, ${settings.city}. טלפון ${settings.phone}.`,
        ),
        canonical: '/',
        image,
        jsonLd: [
          realEstateAgent(settings, origin, image && absoluteUrl(origin, image.url)),
          breadcrumbs([home]),
        ],
      };
    }
    case 'sale':
    case 'rent': {
      const deal = input.route === 'sale' ? 'למכירה' : 'להשכרה';
      // Only a city the list knows is echoed: any other text in the link gets the page's plain title.
      const typed = query.get('city')?.trim();
      const cities = ctx.reads?.cities(input.route) ?? listCities(ctx.app.db, input.route);
      const city = typed && (await cities).includes(typed) ? typed : '';
      const where = city ? ` ב${city}` : '';
      return simple(
        `נכסים ${deal}${where}`,
        `דירות, בתים ונכסים ${deal}${where} ${withPrefix('ב', agency)}: מחירים, תמונות, מספר חדרים ושטח, וקשר ישיר עם הסוכן.`,
        input.route === 'sale' ? paths.sale() : paths.rent(),
      );
    }
    case 'propertyView': {
      const id = decodeURIComponent(input.pathname.split('/')[2] ?? '');
      const property = await (ctx.reads?.property(id) ?? getPublicProperty(ctx.app.db, ctx.app.storage, id));
      const title = propertyTitle(property);
      const path = paths.propertyView(property._id);
      const url = absoluteUrl(origin, path);
      const image = await propertyImage(ctx, property);
      const photos = property.photos
        .map((photo) => photo.variants.at(-1)?.url)
        .filter((u): u is string => Boolean(u))
        .map((u) => absoluteUrl(origin, u));
      const listing = property.typeTransaction === TRANSACTION_TYPES.rent ? paths.rent() : paths.sale();
      const listingName =
        property.typeTransaction === TRANSACTION_TYPES.rent ? 'נכסים להשכרה' : 'נכסים למכירה';
      return {
        title,
        description: propertyDescription(property),
        canonical: path,
        image: image
          ? { url: image, alt: `${property.category} ב${property.address}, ${property.city}` }
          : undefined,
        jsonLd: [
          propertyOffer(property, { url, name: title, images: photos, settings, origin }),
          breadcrumbs([
            home,
            { name: listingName, url: absoluteUrl(origin, listing) },
            { name: `${property.address}, ${property.city}`, url },
          ]),
        ],
      };
    }
    case 'aboutLink':
      return simple(
        `אודות ${agency} – הצוות שלנו`,
        summary(firstParagraph(settings.story) || `הכירו את הצוות של ${agency}.`),
        paths.aboutLink(),
        [realEstateAgent(settings, origin)],
      );
    case 'aboutAgent': {
      const id = decodeURIComponent(input.pathname.split('/')[2] ?? '');
      // Only someone the site shows, with the phone it shows (their own, or their office's).
      const agent = idSchema.safeParse(id).success ? await findPublicUser(ctx.app.db, id) : undefined;
      const name = agent?.name ?? agency;
      const role = agent?.companyRole ? ` – ${companyRoleTitle(agent.companyRole, agent.gender)}` : '';
      const path = paths.aboutAgent(id);
      return {
        title: `${name}${role}`,
        description: summary(
          agent?.aboutMe ||
            `${name}${role} ${withPrefix('ב', agency)}. טלפון ${agent?.phone_number || settings.phone}.`,
        ),
        canonical: path,
        // Like every other page's: a 1200x630 JPEG, here cut from the agent's photo when it can be read.
        image:
          (agent?.image && (await shareImageOf(ctx, agent.image, name))) || (await siteImage(ctx, settings)),
        jsonLd: [
          breadcrumbs([
            home,
            { name: 'אודות', url: absoluteUrl(origin, paths.aboutLink()) },
            { name, url: absoluteUrl(origin, path) },
          ]),
        ],
      };
    }
    case 'branchPage': {
      let slug = '';
      try {
        slug = decodeURIComponent(input.pathname.split('/')[2] ?? '');
      } catch {}
      const branch = await (ctx.reads?.branch(slug) ?? findOpenBranchBySlug(ctx.app.db, slug));
      if (!branch) return { title: 'העמוד לא נמצא', description: 'העמוד שחיפשת לא נמצא.', noindex: true };
      const path = paths.branchPage(branch.slug);
      const url = absoluteUrl(origin, path);
      const where = [branch.address, branch.city].filter(Boolean).join(', ');
      return {
        title: `${branch.name} – כתובת, שעות פתיחה, סוכנים ונכסים`,
        description: summary(
          [
            `${branch.name} של ${agency}`,
            where && `כתובת: ${where}`,
            branch.phone && `טלפון ${branch.phone}`,
            branch.openingHours && `שעות פתיחה: ${branch.openingHours}`,
          ]
            .filter(Boolean)
            .join('. ')
            .concat('. הסוכנים והנכסים של הסניף.'),
        ),
        canonical: path,
        image: await siteImage(ctx, settings),
        jsonLd: [
          branchRealEstateAgent(branch, settings, origin, url),
          breadcrumbs([
            home,
            { name: 'אודות', url: absoluteUrl(origin, paths.aboutLink()) },
            { name: branch.name, url },
          ]),
        ],
      };
    }
    case 'investorPlans':
      return simple(
        'מסלולי השקעה בנדל״ן',
        `שלושה מסלולי ליווי למשקיעים ${withPrefix('ב', agency)}: איתור נכס, בדיקת כדאיות וליווי עד המסירה.`,
        paths.investorPlans(),
      );
    case 'jobNeedForm':
      return simple(
        `דרושים: הצטרפו לצוות ${agency}`,
        `מחפשים קריירה בנדל״ן? השאירו שם, טלפון ומייל ונחזור אליכם ${withPrefix('מ', agency)}.`,
        paths.jobNeedForm(),
      );
    case 'valuation':
      return simple(
        'כמה שווה הנכס שלי? הערכת שווי',
        `מתכננים למכור? השאירו עיר, רחוב, חדרים וגודל, והסוכן של האזור ${withPrefix('מ', agency)} יחזור אליכם עם הערכת שווי.`,
        paths.valuation(),
      );
    case 'accessibility':
      return simple(
        'הצהרת נגישות',
        `הצהרת הנגישות של ${agency}: רמה AA של WCAG 2.1 לפי ת"י 5568, מה נבדק, מגבלות ידועות ופרטי רכז/ת הנגישות.`,
        paths.accessibility(),
      );
    case 'privacy':
      return simple(
        'מדיניות פרטיות',
        `מדיניות הפרטיות של ${agency}: איזה מידע נאסף, למה, לכמה זמן ומי רואה אותו, ואיך מבקשים עותק או מחיקה.`,
        paths.privacy(),
      );
    case 'terms':
      return simple(
        'תנאי שימוש',
        `תנאי השימוש באתר ${agency}: המידע על הנכסים, הפניות דרך האתר, קניין רוחני ואחריות.`,
        paths.terms(),
      );
    case 'buySellRent':
      return simple(
        'קנייה, מכירה והשכרה של נכסים',
        `רוצים לקנות, למכור או להשכיר נכס? ${agency} מלווים אתכם בכל שלב, מהתמחור ועד החתימה.`,
        paths.buySellRent(),
      );
    case 'notFound':
      return { title: 'העמוד לא נמצא', description: 'העמוד שחיפשת לא נמצא.', noindex: true };
    case 'agentProfile':
      return { title: 'הפרופיל האישי', description: `הפרופיל האישי של סוכני ${agency}.`, noindex: true };
    default:
      return { title: agency, description: `${agency}`, noindex: true };
  }
}

/** The page's <head> tags: title, description, canonical link, Open Graph and Twitter tags, JSON-LD. */
export async function pageHead(ctx: HeadContext, input: HeadInput): Promise<string> {
  const settings = await getSettings(ctx.app.db);
  const meta = await metaOf(ctx, input, settings);
  const origin = ctx.app.env.APP_ORIGIN;
  const fullTitle = input.route === 'home' ? meta.title : `${meta.title} | ${settings.agencyName}`;
  const tags = [
    `<title>${escapeHtml(fullTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (meta.noindex) tags.push(robotsMeta('noindex'));
  if (meta.canonical) {
    const url = absoluteUrl(origin, meta.canonical);
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(settings.agencyName)}" />`,
      `<meta property="og:locale" content="he_IL" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    );
  }
  if (meta.canonical && meta.image) {
    const image = escapeHtml(absoluteUrl(origin, meta.image.url));
    const isShareImage = meta.image.url.endsWith('-1200x630.jpg');
    tags.push(
      `<meta property="og:image" content="${image}" />`,
      ...(isShareImage
        ? [
            `<meta property="og:image:type" content="${SHARE_IMAGE.type}" />`,
            `<meta property="og:image:width" content="${SHARE_IMAGE.width}" />`,
            `<meta property="og:image:height" content="${SHARE_IMAGE.height}" />`,
          ]
        : []),
      `<meta property="og:image:alt" content="${escapeHtml(meta.image.alt)}" />`,
      `<meta name="twitter:image" content="${image}" />`,
    );
  }
  for (const data of meta.jsonLd ?? []) {
    // JSON-LD is data, not script: the CSP that forbids inline scripts does not apply to it.
    tags.push(`<script type="application/ld+json">${jsonLd(data)}</script>`);
  }
  return tags.join('\n    ');
}

const jsonLd = (data: unknown) =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
