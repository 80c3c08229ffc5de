import { zodResolver } from '@hookform/resolvers/zod';
import { subscribeBodySchema } from '@shared/schemas/alerts';
import type { Resolver } from 'react-hook-form';
import type { SubscribeFields } from './subscribe-form';

/** The subscribe form's validation: the server's own schema, for the fields the visitor types. */
export const subscribeResolver = zodResolver(
  subscribeBodySchema.pick({
    name: true,
    email: true,
    phone: true,
    consent: true,
    frequency: true,
    website: true,
  }),
) as unknown as Resolver<SubscribeFields>;
