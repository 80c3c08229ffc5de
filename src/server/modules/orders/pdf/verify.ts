import type { OrderVerification } from '@shared/schemas/order-verification';
import { and, eq, isNotNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Database } from '../../../db/client';
import { brokerageOrders } from '../../../db/schema';
import { sha256 as sha256Of } from '../order-document';
import { ORDER_KEYWORD } from './render-order-pdf';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a PDF (or its SHA-256) is an order this agency issued: its hash must be a signed order's stored PDF
 * hash, byte for byte. A file whose hash is unknown but which names one of our signed orders in its keywords
 * was changed after signing.
 */
export async function verifyOrderPdf(
  db: Database,
  input: { pdf: Buffer } | { sha256: string },
): Promise<OrderVerification> {
  const sha256 = 'pdf' in input ? sha256Of(input.pdf) : input.sha256;
  const [issued] = await db
    .select({
      id: brokerageOrders.id,
      agencyName: brokerageOrders.agencyName,
      signedAt: brokerageOrders.signedAt,
      status: brokerageOrders.status,
    })
    .from(brokerageOrders)
    .where(eq(brokerageOrders.pdfSha256, sha256))
    .limit(1);
  if (issued?.signedAt) {
    return {
      verdict: 'issued',
      orderId: issued.id,
      agencyName: issued.agencyName,
      signedAt: issued.signedAt.toISOString(),
      status: issued.status,
      sha256,
    };
  }
  const claimed = 'pdf' in input ? await claimedOrderId(input.pdf) : undefined;
  if (claimed) {
    const [ours] = await db
      .select({ id: brokerageOrders.id })
      .from(brokerageOrders)
      .where(and(eq(brokerageOrders.id, claimed), isNotNull(brokerageOrders.pdfSha256)))
      .limit(1);
    if (ours) return { verdict: 'altered', orderId: ours.id, sha256 };
  }
  return { verdict: 'unknown', sha256 };
}

/** The order id a PDF names in its keywords ("brokerage-order <id>"), if it parses as a PDF at all. */
async function claimedOrderId(pdf: Buffer): Promise<string | undefined> {
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
    const [keyword, id] = (doc.getKeywords() ?? '').split(' ');
    return keyword === ORDER_KEYWORD && id && UUID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
