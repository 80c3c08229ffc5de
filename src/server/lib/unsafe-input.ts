import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from '@shared/domain/text';
import { badRequest } from './errors';

export type FieldErrors = Record<string, string>;

const FIELD_NAME = /^[A-Za-z0-9_$-]{1,64}$/;
/** A key as an answer may name it: a field name as it is, anything else as '_' (never echoed). */
export const fieldKey = (key: string) => (FIELD_NAME.test(key) ? key : '_');

/**
 * The fields of a parsed input (body, query, params, or a multipart form's fields) whose text, or whose
 * key, has characters no field may hold (see hasUnsafeCharacters), keyed like validation errors
 * ('name', 'features.2'; a key that is not a field name is never echoed). Walks without recursion, so
 * deeply nested JSON cannot exhaust the stack.
 */
export function unsafeFieldErrors(input: unknown, errors: FieldErrors = {}): FieldErrors {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasUnsafeCharacters(value)) errors[path || '_'] ??= UNSAFE_TEXT_MESSAGE;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        // A key that is no field name is not repeated in the answer: its text is reported at its parent.
        const itemPath = !FIELD_NAME.test(key) ? path : path ? `${path}.${key}` : key;
        if (hasUnsafeCharacters(key)) errors[path || '_'] ??= UNSAFE_TEXT_MESSAGE;
        else stack.push({ value: item, path: itemPath });
      }
    }
  }
  return errors;
}

/** Throws the 400 of the input guard when a parsed input (e.g. a multipart form's fields) has unsafe text. */
export function refuseUnsafeFields(input: unknown): void {
  const errors = unsafeFieldErrors(input);
  if (Object.keys(errors).length > 0) throw badRequest(UNSAFE_TEXT_MESSAGE, errors);
}
