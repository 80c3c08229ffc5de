import type { Env } from '../../env';

/** One message as the provider receives it. */
export type SmsMessage = { id: string; to: string; text: string };

/** A way out for SMS: resolves once the provider accepted the message, throws otherwise. */
export type SmsProvider = { name: string; send(message: SmsMessage): Promise<void> };

export type SmsEnv = Pick<Env, 'SMS_PROVIDER' | 'SMS_PROVIDER_URL' | 'SMS_PROVIDER_TOKEN' | 'SMS_SENDER'>;

/** How long the provider may take to answer; slower counts as a failure and is retried. */
const TIMEOUT_MS = 10_000;

/**
 * The generic HTTP provider: one JSON POST per message to SMS_PROVIDER_URL with `Authorization: Bearer
 * <SMS_PROVIDER_TOKEN>` and `{ id, to, text, sender }` (`id` is the outbox row's, the same on a retry, for a
 * provider that drops repeats). Any 2xx answer is a message accepted. A failure names the status only: the
 * answer may quote the text, which can hold a code.
 */
function httpProvider(url: string, token: string, sender: string | undefined): SmsProvider {
  return {
    name: 'http',
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ...message, ...(sender ? { sender } : {}) }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'error',
        });
      } catch (err) {
        throw new Error(`SMS provider unreachable: ${(err as Error).name}`);
      }
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
    },
  };
}

/** The provider the environment configures, or null: no SMS (the signing link alone proves the phone). */
export function smsProvider(env: SmsEnv): SmsProvider | null {
  if (env.SMS_PROVIDER === 'http' && env.SMS_PROVIDER_URL && env.SMS_PROVIDER_TOKEN)
    return httpProvider(env.SMS_PROVIDER_URL, env.SMS_PROVIDER_TOKEN, env.SMS_SENDER);
  return null;
}

/** Whether SMS can be sent at all. */
export const smsConfigured = (env: SmsEnv) => smsProvider(env) !== null;
