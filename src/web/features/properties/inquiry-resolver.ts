import { zodResolver } from '@hookform/resolvers/zod';
import { inquiryBodySchema } from '@shared/schemas/inquiry';

/** The inquiry form's validation: the server's own schema. Loaded on demand (see lazyResolver). */
export const inquiryResolver = zodResolver(inquiryBodySchema);
