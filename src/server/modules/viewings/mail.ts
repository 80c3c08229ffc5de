import { type Gender, gendered } from '@shared/domain/gender';
import { israelMinuteOfDay } from '@shared/domain/israel-calendar';
import { clockOfMinutes } from '@shared/domain/office-clock';
import { normalizeIsraeliMobile } from '@shared/domain/phone';
import { VIEWING_ORDER_MAIL } from '@shared/domain/viewing-order';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { absoluteUrl } from '../../lib/links';
import { escapeHtml, mailButton, mailPage, mailSender } from '../alerts';
import { enqueueInTransaction, type OutgoingMail, type Transaction } from '../mail';
import { settingsInTransaction } from '../settings';
import { enqueueSms } from '../sms';
import { viewingIcs } from './ics';
import type { PropertyRow, ViewingRow } from './rules';
import { visitorPlaceOf, whenText } from './rules';

/** The visitor's own page of a viewing (cancel, move), opened from every mail. */
export const viewingLinkPath = (token: string) => `/viewing/${encodeURIComponent(token)}`;

export type VisitorMailKind = 'confirmed' | 'requested' | 'moved' | 'cancelled' | 'reminder' | 'escalated';

type Agent = { name: string; email: string; phoneNumber: string; gender: Gender };
type Agency = { agencyName: string; phone: string; email: string; address: string; city: string };

export type VisitorMailContext = {
  viewing: ViewingRow;
  /** The property as staff read it (the agent's push). */
  property: Pick<PropertyRow, 'address' | 'city'>;
  /** The property as its visitor reads it (visitorPlaceOf): the street alone until the order is signed. */
  place: Pick<PropertyRow, 'address' | 'city'>;
  agent: Agent | null;
  agency: Agency;
  appOrigin: string;
  /** The link's token when this mail carries the link (a cancellation does not). */
  token: string | null;
  now: Date;
  /** An SMS provider is configured (modules/sms): the visitor's mobile gets the SMS legs too. */
  smsOn?: boolean;
  /** The brokerage order's signing link sent with a confirmation (none when signed or not prepared). */
  orderLink?: string | null;
};

const SUBJECTS: Record<VisitorMailKind, string> = {
  confirmed: 'הביקור בנכס נקבע',
  requested: 'בקשת הביקור התקבלה וממתינה לאישור',
  moved: 'מועד הביקור בנכס שונה',
  cancelled: 'הביקור בנכס בוטל',
  reminder: 'תזכורת: ביקור בנכס בעוד כשעתיים',
  escalated: 'בקשת הביקור הועברה למנהל הסניף',
};

const clockOf = (at: Date) => clockOfMinutes(israelMinuteOfDay(at));

export const fullAddress = (p: { address: string; city: string }) =>
  [p.address, p.city].filter(Boolean).join(', ');

function openingLines(kind: VisitorMailKind, when: string, address: string, ctx: VisitorMailContext) {
  const proposals = ctx.viewing.proposals.map((p) => `- ${whenText(new Date(p))}`);
  switch (kind) {
    case 'confirmed':
      return [`הביקור שלכם בנכס ${address} נקבע ל־${when}.`, 'צירפנו הזמנה ליומן.'];
    case 'requested':
      return [
        `קיבלנו את בקשתכם לביקור בנכס ${address}, במועדים:`,
        ...proposals,
        'הבקשה ממתינה לאישור. כשהמועד יאושר נשלח לכם מייל עם הזמנה ליומן.',
      ];
    case 'moved':
      return [`מועד הביקור שלכם בנכס ${address} שונה ל־${when}.`, 'צירפנו הזמנה מעודכנת ליומן.'];
    case 'cancelled':
      return [`הביקור שלכם בנכס ${address} ב־${when} בוטל.`];
    case 'reminder':
      return [`תזכורת: הביקור שלכם בנכס ${address} היום ב־${when}.`];
    case 'escalated':
      return [
        `בקשתכם לביקור בנכס ${address} עדיין ממתינה לאישור, ולכן העברנו אותה למנהל הסניף.`,
        'נחזור אליכם בהקדם עם מועד מאושר.',
      ];
  }
}

function agentLines(agent: Agent | null) {
  if (!agent) return [];
  const theAgent = gendered(agent.gender, 'theAgent');
  return [`${theAgent}: ${agent.name}${agent.phoneNumber ? `, טלפון ${agent.phoneNumber}` : ''}`];
}

const footer = (agency: Agency) => [
  '',
  '--',
  agency.agencyName,
  fullAddress(agency),
  [agency.phone && `טלפון ${agency.phone}`, agency.email].filter(Boolean).join(' | '),
];

/** A mail to the visitor about the viewing, with its invitation when the viewing is (still or no longer) on. */
export function visitorMail(kind: VisitorMailKind, ctx: VisitorMailContext): OutgoingMail {
  const { viewing, agency } = ctx;
  const when = whenText(viewing.startsAt);
  const address = fullAddress(ctx.place);
  const link = ctx.token ? absoluteUrl(ctx.appOrigin, viewingLinkPath(ctx.token)) : null;
  const asRequest = kind === 'requested' || kind === 'escalated';
  const linkLines = link
    ? ['', asRequest ? `לביטול הבקשה: ${link}` : `לביטול הביקור או לשינוי המועד: ${link}`]
    : [];
  const orderLink = kind === 'confirmed' ? (ctx.orderLink ?? null) : null;
  const orderLines = orderLink
    ? ['', VIEWING_ORDER_MAIL.paragraph, `${VIEWING_ORDER_MAIL.button}: ${orderLink}`]
    : [];
  const body = [
    `שלום ${viewing.visitorName},`,
    '',
    ...openingLines(kind, when, address, ctx),
    ...agentLines(ctx.agent),
    ...orderLines,
    ...linkLines,
  ];
  const text = [...body, ...footer(agency)].join('\n');
  const withInvite = kind === 'confirmed' || kind === 'moved' || kind === 'cancelled';
  return {
    kind: `viewing-${kind}`,
    refId: viewing.id,
    to: viewing.visitorEmail!,
    subject: `${SUBJECTS[kind]} – ${agency.agencyName}`,
    text,
    ...(orderLink ? { html: orderMailHtml(SUBJECTS[kind], body, orderLink, ctx) } : {}),
    ...(withInvite ? { ics: inviteOf(kind === 'cancelled' ? 'CANCEL' : 'REQUEST', ctx, link) } : {}),
  };
}

/**
 * The confirmation that carries the brokerage order: the text's lines as paragraphs, and the signing link as a
 * button under its paragraph.
 */
function orderMailHtml(title: string, lines: string[], orderLink: string, ctx: VisitorMailContext) {
  const paragraphs = lines
    .filter((line) => line !== '' && !line.endsWith(orderLink))
    .map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`);
  const at = paragraphs.findIndex((p) => p.includes(escapeHtml(VIEWING_ORDER_MAIL.paragraph)));
  paragraphs.splice(
    at + 1,
    0,
    `<p style="margin:0 0 16px">${mailButton(orderLink, VIEWING_ORDER_MAIL.button)}</p>`,
  );
  return mailPage(title, paragraphs.join('\n'), '', mailSender(ctx.agency, ctx.appOrigin));
}

function inviteOf(method: 'REQUEST' | 'CANCEL', ctx: VisitorMailContext, link: string | null) {
  const { viewing, agent, agency } = ctx;
  const description = [
    ...agentLines(agent),
    ...(link ? [`לביטול הביקור או לשינוי המועד: ${link}`] : []),
    `${agency.agencyName}${agency.phone ? `, ${agency.phone}` : ''}`,
  ].join('\n');
  return viewingIcs({
    method,
    uid: `viewing-${viewing.id}@${new URL(ctx.appOrigin).hostname}`,
    sequence: viewing.sequence,
    start: viewing.startsAt,
    end: viewing.endsAt,
    stamp: ctx.now,
    summary: `ביקור בנכס: ${fullAddress(ctx.place)}`,
    location: fullAddress(ctx.place),
    description,
    url: link ?? absoluteUrl(ctx.appOrigin, '/'),
    organizer: { name: agent?.name ?? agency.agencyName, email: agent?.email || agency.email },
    attendee: { name: viewing.visitorName, email: viewing.visitorEmail! },
  });
}

/** Reads the agent and the agency a visitor's mail names, and the address the visitor may read. */
export async function mailContextOf(
  tx: Transaction,
  viewing: ViewingRow,
  property: Pick<PropertyRow, 'address' | 'city'>,
  appOrigin: string,
  token: string | null,
  now: Date,
): Promise<VisitorMailContext> {
  const [agent] = viewing.agentId
    ? await tx
        .select({
          name: users.name,
          email: users.email,
          phoneNumber: users.phoneNumber,
          gender: users.gender,
        })
        .from(users)
        .where(eq(users.id, viewing.agentId))
    : [];
  const settings = await settingsInTransaction(tx);
  const place = await visitorPlaceOf(tx, viewing.id, property, settings);
  return { viewing, property, place, agent: agent ?? null, agency: settings, appOrigin, token, now };
}

export type VisitorSmsKind = 'reminder' | 'escalated';

/** The visitor's SMS (short: no link, the agency's name and phone to call back). */
export function visitorSmsText(kind: VisitorSmsKind, ctx: VisitorMailContext): string {
  const { viewing, agency } = ctx;
  const address = fullAddress(ctx.place);
  const from = `${agency.agencyName}${agency.phone ? `, ${agency.phone}` : ''}`;
  return kind === 'reminder'
    ? `תזכורת: הביקור שלכם בנכס ${address} היום ב־${clockOf(viewing.startsAt)}. ${from}`
    : `בקשתכם לביקור בנכס ${address} הועברה למנהל הסניף, ונחזור אליכם בהקדם. ${from}`;
}

/**
 * Queues the visitor's SMS in the caller's transaction when a provider is configured and the phone is a
 * mobile; it leaves at `notBefore` (the caller keeps it out of quiet hours) and is dropped unsent after
 * `expiresAt`.
 */
export async function queueVisitorSms(
  tx: Transaction,
  kind: VisitorSmsKind,
  ctx: VisitorMailContext,
  options: { notBefore: Date; expiresAt: Date },
): Promise<boolean> {
  const to = ctx.smsOn ? normalizeIsraeliMobile(ctx.viewing.visitorPhone) : null;
  if (!to) return false;
  await enqueueSms(tx, {
    kind: `viewing-${kind}`,
    refId: ctx.viewing.id,
    to,
    text: visitorSmsText(kind, ctx),
    holdsQuietHours: true,
    ...options,
  });
  return true;
}

/** Queues the visitor's mail in the caller's transaction; a visitor who gave no e-mail gets none. */
export async function queueVisitorMail(
  tx: Transaction,
  kind: VisitorMailKind,
  ctx: VisitorMailContext,
  options: { notBefore?: Date; noInvite?: boolean } = {},
): Promise<void> {
  if (!ctx.viewing.visitorEmail) return;
  const mail = visitorMail(kind, ctx);
  await enqueueInTransaction(tx, {
    ...mail,
    ...(options.noInvite ? { ics: null } : {}),
    ...(options.notBefore ? { notBefore: options.notBefore } : {}),
  });
}
