import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';

/** A refused or failed call as one toast: the server's Hebrew message, else the fallback; none when the
 * session ended (the session already said so). */
export function showError(err: unknown, fallback: string) {
  if (isSessionEnd(err)) return;
  toast.error(err instanceof ApiError ? err.message : fallback);
}
