import { AppError, badRequest } from './errors';

export const BROKEN_UPLOAD_MESSAGE = 'טופס ההעלאה אינו תקין';

/**
 * An error met while reading a multipart body, as the client should get it: a broken body (busboy's errors
 * carry no status: a truncated part, a missing boundary) is the client's bad input, 400, never a 500;
 * errors with a status (a file over its cap) and our own errors are kept.
 */
export function uploadError(err: unknown): unknown {
  if (err instanceof AppError || (err as { statusCode?: number } | null)?.statusCode) return err;
  return badRequest(BROKEN_UPLOAD_MESSAGE);
}

/** Reads part of a multipart body (`request.file()`, `file.toBuffer()`), a broken body answering 400. */
export async function readUpload<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    throw uploadError(err);
  }
}
