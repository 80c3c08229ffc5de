import { ORDER_MESSAGES } from '@shared/domain/brokerage-order';
import { idParamsSchema } from '@shared/schemas/common';
import {
  NOT_A_PDF_MESSAGE,
  orderVerificationResponseSchema,
  PDF_MISSING_MESSAGE,
  sha256ParamsSchema,
} from '@shared/schemas/order-verification';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brokerageOrders } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { consumeRateLimit, type RateRule } from '../../../lib/rate-limit';
import { readUpload } from '../../../lib/uploads';
import { currentUser } from '../../../plugins/session';
import { attachToMailKind, type MailAttachment } from '../../mail';
import { orderForViewer } from '../access';
import { privateHeaders } from '../sign-page';
import { verifyOrderPdf } from './verify';

const tags = ['orders'];
/** A signed order is a few hundred kB at most; a verify upload past this is not one of ours. */
export const MAX_VERIFY_PDF_BYTES = 5 * 1024 * 1024;

const pdfFileName = (orderId: string) => `order-${orderId}.pdf`;

/** The signed PDF of an order, from storage (undefined before signing). */
async function storedPdf(app: FastifyInstance, orderId: string): Promise<Buffer | undefined> {
  const [order] = await app.db
    .select({ key: brokerageOrders.pdfStorageKey })
    .from(brokerageOrders)
    .where(eq(brokerageOrders.id, orderId))
    .limit(1);
  return order?.key ? app.storage.read(order.key) : undefined;
}

/** The signed-order mails (mail.ts) carry the PDF, read from storage when each mail is sent. */
async function signedPdfAttachment(app: FastifyInstance, orderId: string): Promise<MailAttachment[]> {
  const pdf = await storedPdf(app, orderId);
  return pdf ? [{ filename: pdfFileName(orderId), content: pdf, contentType: 'application/pdf' }] : [];
}

/** An uploaded PDF's bytes (multipart field of any name), refused in Hebrew when missing or not a PDF. */
export async function uploadedPdf(request: FastifyRequest): Promise<Buffer> {
  const file = request.isMultipart()
    ? await readUpload(() => request.file({ limits: { fileSize: MAX_VERIFY_PDF_BYTES, files: 1 } }))
    : undefined;
  if (!file) throw badRequest(PDF_MISSING_MESSAGE, { pdf: PDF_MISSING_MESSAGE });
  const bytes = await readUpload(() => file.toBuffer());
  if (bytes.length === 0) throw badRequest(PDF_MISSING_MESSAGE, { pdf: PDF_MISSING_MESSAGE });
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw badRequest(NOT_A_PDF_MESSAGE, { pdf: NOT_A_PDF_MESSAGE });
  return bytes;
}

/**
 * The signed order's PDF (decision 0041): staff download it (who may see the order may download it), and anyone
 * may ask whether a file or a fingerprint is an order this agency issued, as often as a public form allows.
 */
export const orderPdfRoutes: FastifyPluginAsyncZod<{ verifyPerIp: RateRule }> = async (app, opts) => {
  attachToMailKind('order-signed-client', signedPdfAttachment);
  attachToMailKind('order-signed-agent', signedPdfAttachment);
  const limit = async (request: FastifyRequest) =>
    consumeRateLimit(app.db, `order-verify:ip:${request.ip}`, opts.verifyPerIp);

  app.get(
    '/orders/:id/pdf',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'The signed PDF of an order (404 before signing)', params: idParamsSchema },
    },
    async (request, reply) => {
      const order = await orderForViewer(app.db, currentUser(request), request.params.id);
      const pdf = order.pdfStorageKey ? await app.storage.read(order.pdfStorageKey) : undefined;
      if (!pdf) throw notFound(ORDER_MESSAGES.notFound);
      return privateHeaders(reply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdfFileName(order.id)}"`)
        .send(pdf);
    },
  );

  app.post(
    '/orders/verify',
    {
      config: { access: 'public' },
      onRequest: limit,
      schema: {
        tags,
        summary: 'Is this PDF (multipart upload) an order this agency issued, unchanged?',
        response: { 200: orderVerificationResponseSchema },
      },
    },
    async (request) => {
      const verification = await verifyOrderPdf(app.db, { pdf: await uploadedPdf(request) });
      return { status: 'success' as const, data: { verification } };
    },
  );

  app.get(
    '/orders/verify/:sha256',
    {
      config: { access: 'public' },
      onRequest: limit,
      schema: {
        tags,
        summary: 'Is this SHA-256 the fingerprint of an order this agency issued?',
        params: sha256ParamsSchema,
        response: { 200: orderVerificationResponseSchema },
      },
    },
    async (request, reply) => {
      const verification = await verifyOrderPdf(app.db, { sha256: request.params.sha256 });
      reply.header('cache-control', 'no-store');
      return { status: 'success' as const, data: { verification } };
    },
  );
};
