import { type ErrorCode, MESSAGES } from '@shared/schemas/common';

/** An expected failure with its HTTP status and Hebrew message; the error handler turns it into the error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, 'NOT_FOUND', message);
/** 410: the record existed and was deleted (search engines drop the address). */
export const gone = (message: string) => new AppError(410, 'GONE', message);
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', MESSAGES.unauthorized);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(400, 'VALIDATION', message, fieldErrors);
export const conflict = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(409, 'CONFLICT', message, fieldErrors);
export const tooManyRequests = () => new AppError(429, 'RATE_LIMITED', MESSAGES.tooManyRequests);

/** Refused by the database's own guard too (drizzle/0014), whoever writes: the API, a CLI, the import. */
export const LAST_ADMIN_MESSAGE = 'זהו המנהל הפעיל האחרון: אי אפשר להשבית אותו או להוריד את הרשאותיו';

/** Whether an error (or its cause) is the database refusing to leave the agency without an active admin. */
export function isLastAdminViolation(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23514' && e.constraint === 'users_active_admin') return true;
    e = e.cause as typeof e;
  }
  return false;
}
