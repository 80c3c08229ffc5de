import type { OrderRow } from '../access';
import { documentTitle, orderClauses, orderPreamble } from '../order-document';
import type { OrderDocument } from './order-document';

/**
 * The PDF's content from a signed order's row: the same preamble and clauses as the HTML snapshot the client
 * signed, so the two documents say the same words; `signedAt` is the signing transaction's own time.
 */
export function orderPdfDocument(
  order: OrderRow,
  signature: OrderDocument['signature'],
  signedAt: Date,
): OrderDocument {
  return {
    orderId: order.id,
    agencyName: order.agencyName,
    title: documentTitle(order),
    preamble: orderPreamble(order),
    sections: orderClauses(order),
    signature,
    signedAt,
  };
}
