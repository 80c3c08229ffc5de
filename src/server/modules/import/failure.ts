import { DrizzleQueryError } from 'drizzle-orm';
import { ExportFormatError } from './extended-json';
import { ImportRefused } from './import-users';
import { safeLine } from './report-text';

/**
 * Why a run wrote nothing, as the command prints it. A database refusal is told by the database's own message
 * only: the failed statement and its parameters (names, e-mails, password hashes) are never printed.
 */
export function importFailureMessage(err: unknown): string {
  let message: string;
  if (err instanceof ExportFormatError || err instanceof ImportRefused) message = err.message;
  else if (err instanceof DrizzleQueryError)
    message = `the database refused a write: ${err.cause?.message ?? 'no reason given'}`;
  else message = err instanceof Error ? err.message : String(err);
  return message.split('\n').map(safeLine).join('\n');
}
