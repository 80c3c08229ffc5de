import { randomUUID } from 'node:crypto';
import { ORDER_MESSAGES, type PhoneProof } from '@shared/domain/brokerage-order';
import { EXCLUSIVITY_MESSAGES } from '@shared/domain/exclusivity';
import { israelDate } from '@shared/domain/israel-time';
import { isValidIsraeliId, padIsraeliId } from '@shared/domain/israeli-id';
import type { SignOrder } from '@shared/schemas/orders';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { brokerageOrderLinks, brokerageOrders, properties, users } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import { enqueueInTransaction, type Transaction } from '../mail';
import type { OrderRow } from './access';
import { overlapOfIssued } from './exclusivity/overlap';
import { setPropertyExclusive } from './exclusivity/property-flag';
import { propertyOf } from './exclusivity/service';
import { signedOrderMails } from './mail';
import { CONSENT_TEXT, orderDocumentHtml, sha256 } from './order-document';
import { orderPdfDocument } from './pdf/from-order';
import { renderOrderPdf } from './pdf/render-order-pdf';
import { hashLinkToken } from './tokens';

/** Why a link does not open: 404 for a token never issued, 410 for one that was but is no more. */
export type LinkRefusal = { refused: 404 | 410; message: string };

const gone = (message: string): LinkRefusal => ({ refused: 410, message });

type LinkRow = typeof brokerageOrderLinks.$inferSelect;

/** The order and link of a token, or why it cannot be used (no state is changed). */
export async function readLink(
  db: Database,
  token: string,
): Promise<{ order: OrderRow; link: LinkRow } | LinkRefusal> {
  const [found] = await db
    .select({ link: brokerageOrderLinks, order: brokerageOrders })
    .from(brokerageOrderLinks)
    .innerJoin(brokerageOrders, eq(brokerageOrders.id, brokerageOrderLinks.orderId))
    .where(eq(brokerageOrderLinks.tokenHash, hashLinkToken(token)))
    .limit(1);
  if (!found) return { refused: 404, message: ORDER_MESSAGES.linkUnknown };
  const { link, order } = found;
  if (order.status === 'revoked') return gone(ORDER_MESSAGES.orderRevoked);
  if (link.usedAt || order.signedAt) return gone(ORDER_MESSAGES.linkUsed);
  if (link.retiredAt || link.expiresAt.getTime() <= Date.now()) return gone(ORDER_MESSAGES.linkExpired);
  return found;
}

/**
 * The signing page opens a link: the order is marked opened (the first time), or expired when its link has
 * run out. A refusal says why, for a clear Hebrew page.
 */
export async function openSigningLink(
  db: Database,
  token: string,
): Promise<{ order: OrderRow; link: LinkRow } | LinkRefusal> {
  const found = await readLink(db, token);
  if ('refused' in found) {
    if (found.message === ORDER_MESSAGES.linkExpired) await markExpired(db, token);
    return found;
  }
  if (!found.order.openedAt) {
    await db
      .update(brokerageOrders)
      .set({ status: 'opened', openedAt: new Date() })
      .where(and(eq(brokerageOrders.id, found.order.id), isNull(brokerageOrders.signedAt)));
  }
  return found;
}

async function markExpired(db: Database, token: string) {
  const [link] = await db
    .select({ orderId: brokerageOrderLinks.orderId, retiredAt: brokerageOrderLinks.retiredAt })
    .from(brokerageOrderLinks)
    .where(eq(brokerageOrderLinks.tokenHash, hashLinkToken(token)))
    .limit(1);
  // A link replaced by a newer one leaves the order as the newer link has it.
  if (!link || link.retiredAt) return;
  await db
    .update(brokerageOrders)
    .set({ status: 'expired' })
    .where(and(eq(brokerageOrders.id, link.orderId), isNull(brokerageOrders.signedAt)));
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * A drawn signature as PNG bytes: a real PNG (decoded, not trusted by its header) with something drawn on it.
 * A blank canvas (every pixel transparent or white) is refused as an empty signature.
 */
export async function signaturePng(dataUrl: string): Promise<Buffer> {
  const match = PNG_DATA_URL.exec(dataUrl);
  if (!match)
    throw badRequest(ORDER_MESSAGES.signatureInvalid, { signaturePng: ORDER_MESSAGES.signatureInvalid });
  const bytes = Buffer.from(match[1]!, 'base64');
  const image = sharp(bytes, { failOn: 'error' });
  const meta = await image.metadata().catch(() => null);
  if (meta?.format !== 'png' || !meta.width || !meta.height || meta.width > 4000 || meta.height > 4000)
    throw badRequest(ORDER_MESSAGES.signatureInvalid, { signaturePng: ORDER_MESSAGES.signatureInvalid });
  // Ink is a pixel that is both visible and darker than white.
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const alpha = data[i + 3]!;
    const light = Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
    if (alpha > 32 && light < 200) ink++;
  }
  if (ink < 20)
    throw badRequest(ORDER_MESSAGES.signatureEmpty, { signaturePng: ORDER_MESSAGES.signatureEmpty });
  return bytes;
}

/** Israel's wall clock for the evidence: '2026-11-29 11:05:12'. */
const israelClock = (instant: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Jerusalem',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(instant);

/** The signer's request; `smsOn` when an SMS provider is configured, so the phone is proven by a code. */
/** What another module does in the signing's transaction when an order is signed (by its name, once). */
type SignedListener = (tx: Transaction, order: OrderRow, now: Date) => Promise<void>;
const signedListeners = new Map<string, SignedListener>();

/**
 * Runs `listener` in the transaction of every signing, after the order is marked signed: the viewings module
 * gives the visitor's queued reminders the exact address (decision 0066). A module registers when its routes
 * are registered; a failure rolls the signing back, so the signer is told and may sign again.
 */
export function whenOrderSigned(name: string, listener: SignedListener): void {
  signedListeners.set(name, listener);
}

export type SigningContext = { ip: string; userAgent: string; appOrigin: string; smsOn: boolean };

/**
 * Signs an order through its link, in one transaction: the link is used, the order gets its evidence (the
 * signature, the signer's IP, user agent and Israel time, how the phone was proven, the consent text's hash,
 * the order's HTML and PDF and their hashes) and the mails to the client and the agent are queued (the PDF
 * attached when sent, see pdf/routes.ts). The signature image is
 * stored first (under orders/, never swept as an orphan and never served under /uploads); a transaction that
 * fails leaves it unnamed. A second signing through the same link finds the link used and is refused (410).
 */
export async function signOrder(
  db: Database,
  storage: Storage,
  token: string,
  input: SignOrder,
  context: SigningContext,
): Promise<OrderRow> {
  const found = await readLink(db, token);
  if ('refused' in found)
    throw new AppError(found.refused, found.refused === 404 ? 'NOT_FOUND' : 'GONE', found.message);
  const order = withSignerDetails(found.order, input);
  // With an SMS provider the phone is proven by a one-time code (decision 0054); without one, the single-use
  // link sent to the phone is the proof (decision 0040).
  if (context.smsOn && !found.link.phoneProvenAt)
    throw badRequest(ORDER_MESSAGES.phoneNotProven, { code: ORDER_MESSAGES.phoneNotProven });
  const phoneProof: PhoneProof = found.link.phoneProvenAt ? 'otp_sms' : 'link';
  if (input.method === 'typed' && normalizeName(input.typedName ?? '') !== normalizeName(order.clientName))
    throw badRequest(ORDER_MESSAGES.typedName, { typedName: ORDER_MESSAGES.typedName });
  let signatureKey: string | null = null;
  let png: Buffer | null = null;
  if (input.method === 'drawn') {
    png = await signaturePng(input.signaturePng ?? '');
    signatureKey = `orders/${order.id}/signature-${randomUUID()}.png`;
    await storage.put(signatureKey, png, 'image/png');
  }
  const now = new Date();
  const html = orderDocumentHtml(order);
  // The PDF (decision 0041) is rendered and stored before the transaction, like the signature, so the
  // database is not held while it renders; the transaction names it with its hash, or a failure leaves it unnamed.
  const pdf = Buffer.from(
    await renderOrderPdf(
      orderPdfDocument(
        order,
        png ? { method: 'drawn', png } : { method: 'typed', name: input.typedName ?? order.clientName },
        now,
      ),
    ),
  );
  const pdfKey = `orders/${order.id}/order-${randomUUID()}.pdf`;
  await storage.put(pdfKey, pdf, 'application/pdf');
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(brokerageOrderLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(brokerageOrderLinks.id, found.link.id),
          isNull(brokerageOrderLinks.usedAt),
          isNull(brokerageOrderLinks.retiredAt),
        ),
      )
      .returning({ id: brokerageOrderLinks.id });
    if (!used) throw new AppError(410, 'GONE', ORDER_MESSAGES.linkUsed);
    const [signed] = await tx
      .update(brokerageOrders)
      .set({
        status: 'signed',
        signedAt: now,
        signatureKey,
        signatureMethod: input.method,
        signerTypedName: input.method === 'typed' ? (input.typedName ?? null) : null,
        signerIp: context.ip,
        signerUserAgent: context.userAgent.slice(0, 500),
        signedAtIsrael: israelClock(now),
        phoneProof,
        consentSha256: sha256(CONSENT_TEXT),
        htmlSnapshot: html,
        htmlSha256: sha256(html),
        pdfStorageKey: pdfKey,
        pdfSha256: sha256(pdf),
        clientIdNumber: order.clientIdNumber,
        clientAddress: order.clientAddress,
      })
      .where(and(eq(brokerageOrders.id, order.id), isNull(brokerageOrders.signedAt)))
      .returning();
    if (!signed) throw new AppError(410, 'GONE', ORDER_MESSAGES.linkUsed);
    // One signed exclusivity at a time (decision 0054): with the property's row locked, two exclusivities
    // signed at once cannot both pass; the second is refused and nothing of it is kept.
    if (signed.kind === 'exclusivity') {
      await tx
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.id, propertyOf(signed)))
        .for('update');
      if (await overlapOfIssued(tx, signed, israelDate(now)))
        throw conflict(EXCLUSIVITY_MESSAGES.overlapAtSigning);
    }
    // A signed exclusivity makes its property exclusive (the public badge), unless its term is already over.
    if (signed.kind === 'exclusivity' && signed.termEnd && israelDate(now) < signed.termEnd)
      await setPropertyExclusive(tx, propertyOf(signed), true, `חתימת בלעדיות: ${signed.clientName}`);
    const [agent] = signed.agentId
      ? await tx
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, signed.agentId))
      : [];
    for (const mail of signedOrderMails(signed, agent ?? null, context.appOrigin))
      await enqueueInTransaction(tx, mail);
    for (const listener of signedListeners.values()) await listener(tx, signed, now);
    return signed;
  });
}

/** The order issued without the client's ID and address needs the signer's (decision 0064); both checked. */
export const asksSignerDetails = (order: Pick<OrderRow, 'clientIdNumber'>) => order.clientIdNumber === '';

function withSignerDetails(order: OrderRow, input: SignOrder): OrderRow {
  if (!asksSignerDetails(order)) return order;
  const id = (input.clientIdNumber ?? '').trim();
  if (!id) throw badRequest(ORDER_MESSAGES.signerIdNumber, { clientIdNumber: ORDER_MESSAGES.signerIdNumber });
  if (!isValidIsraeliId(id))
    throw badRequest(ORDER_MESSAGES.clientIdInvalid, { clientIdNumber: ORDER_MESSAGES.clientIdInvalid });
  const address = (input.clientAddress ?? '').trim();
  if (!address)
    throw badRequest(ORDER_MESSAGES.signerAddress, { clientAddress: ORDER_MESSAGES.signerAddress });
  return { ...order, clientIdNumber: padIsraeliId(id) ?? id, clientAddress: address };
}

const normalizeName = (name: string) => name.replace(/\s+/g, ' ').trim();
