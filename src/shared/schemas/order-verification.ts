import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/brokerage-order';

export const SHA256_MESSAGE = 'טביעת האצבע צריכה להיות 64 תווים של ספרות ואותיות a עד f';
export const PDF_MISSING_MESSAGE = 'יש לבחור קובץ PDF של הזמנה';
export const NOT_A_PDF_MESSAGE = 'הקובץ שנבחר אינו PDF';

export const sha256ParamsSchema = z.object({
  sha256: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, { error: SHA256_MESSAGE })
    .transform((value) => value.toLowerCase()),
});

/**
 * What the verify route says of a file or a fingerprint: an order this agency issued (and its state now), a file
 * that names one of our orders but is not the signed file (it was changed), or nothing of ours.
 */
export const orderVerificationSchema = z.discriminatedUnion('verdict', [
  z.object({
    verdict: z.literal('issued'),
    orderId: z.string(),
    agencyName: z.string(),
    signedAt: z.iso.datetime(),
    status: z.enum(ORDER_STATUSES),
    sha256: z.string(),
  }),
  z.object({ verdict: z.literal('altered'), orderId: z.string(), sha256: z.string() }),
  z.object({ verdict: z.literal('unknown'), sha256: z.string() }),
]);
export type OrderVerification = z.infer<typeof orderVerificationSchema>;

export const orderVerificationResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ verification: orderVerificationSchema }),
});
