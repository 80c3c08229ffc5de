import { zodResolver } from '@hookform/resolvers/zod';
import { addEmailSchema } from '@shared/schemas/alerts';
import type { Resolver } from 'react-hook-form';

/** The add-e-mail form's validation: the server's own schema for the fields the visitor types. */
export const addEmailResolver = zodResolver(
  addEmailSchema.pick({ email: true, consent: true, website: true }),
) as unknown as Resolver<{ email: string; consent: boolean; website: string }>;
