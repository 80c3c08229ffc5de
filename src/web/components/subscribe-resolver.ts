import { zodResolver } from '@hookform/resolvers/zod';
import { ALERT_MESSAGES, contactGiven, subscribeFieldsSchema } from '@shared/schemas/alerts';
import type { Resolver } from 'react-hook-form';
import type { SubscribeFields } from './subscribe-form';

const fields = zodResolver(
  subscribeFieldsSchema.pick({
    name: true,
    email: true,
    phone: true,
    consent: true,
    frequency: true,
    website: true,
  }),
) as unknown as Resolver<SubscribeFields>;

/**
 * The subscribe form's validation: the server's own schema for the fields the visitor types, and its rule that
 * an e-mail or a mobile phone is given, said together with every other field's message.
 */
export const subscribeResolver: Resolver<SubscribeFields> = async (values, context, options) => {
  const result = await fields(values, context, options);
  if (contactGiven(values) || result.errors.email) return result;
  return {
    values: {},
    errors: { ...result.errors, email: { type: 'custom', message: ALERT_MESSAGES.contactRequired } },
  };
};
