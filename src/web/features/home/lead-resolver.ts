import { zodResolver } from '@hookform/resolvers/zod';
import { leadBodySchema } from '@shared/schemas/leads';

/** The lead form's validation: the server's own schema. Loaded on demand (see lazyResolver). */
export const leadResolver = zodResolver(leadBodySchema);
