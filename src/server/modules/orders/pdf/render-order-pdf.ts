import { PDFDocument } from 'pdf-lib';
import { embedPdfFonts } from '../../../lib/pdf/fonts';
import { BODY, PageWriter } from '../../../lib/pdf/page-writer';
import { footerLine, type OrderDocument, signedAtLine, TITLE, typedSignatureLine } from './order-document';

/** The first keyword of every order's PDF; the second is the order's id (read back by verify-order-pdf.ts). */
export const ORDER_KEYWORD = 'brokerage-order';

/**
 * Renders a signed brokerage order as a PDF: real text in the embedded Heebo font, right to left, each line
 * ordered by the Unicode bidi algorithm so Hebrew, numbers, ₪ and Latin read as written. Pure: no database, no
 * clock (the dates inside are the signing time), no network.
 */
export async function renderOrderPdf(order: OrderDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = order.title ?? TITLE;
  doc.setTitle(`${title} ${order.orderId}`);
  doc.setAuthor(order.agencyName);
  doc.setSubject(title);
  doc.setLanguage('he-IL');
  doc.setCreationDate(order.signedAt);
  doc.setModificationDate(order.signedAt);
  doc.setProducer('pdf-lib');
  doc.setCreator(order.agencyName);
  doc.setKeywords([ORDER_KEYWORD, order.orderId]);

  const fonts = await embedPdfFonts(doc);
  const writer = new PageWriter(doc, fonts);

  writer.paragraph(order.agencyName, { ...BODY, align: 'center', weight: 'bold', gapAfter: 6 });
  writer.paragraph(title, { size: 20, weight: 'bold', align: 'center', gapAfter: 4 });
  for (const line of order.preamble) writer.paragraph(line, { ...BODY, size: 10, align: 'center' });
  for (const section of order.sections) {
    writer.heading(section.title);
    for (const line of section.lines) writer.paragraph(line, BODY);
  }

  writer.heading('חתימת הלקוח');
  if (order.signature.method === 'drawn') await writer.signature(order.signature.png);
  else writer.paragraph(typedSignatureLine(order.signature.name), { ...BODY, weight: 'bold' });
  writer.paragraph(signedAtLine(order.signedAt), BODY);

  const pages = doc.getPages();
  pages.forEach((page, index) => {
    writer.footer(page, footerLine(order.orderId, index + 1, pages.length));
  });
  return doc.save();
}
