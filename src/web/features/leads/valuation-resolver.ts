import { zodResolver } from '@hookform/resolvers/zod';
import { valuationBodySchema } from '@shared/schemas/valuation';

/** The valuation form's validation: the server's own schema. Loaded on demand (see lazyResolver). */
export const valuationResolver = zodResolver(valuationBodySchema);
