import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID_MESSAGE, isEmail } from './email';

describe('isEmail', () => {
  it.each(['a@b.co', 'agent@example.com', 'first.last@mail.co.il', '  agent@example.com\n'])(
    'accepts %j',
    (v) => expect(isEmail(v)).toBe(true),
  );
  it.each([
    'a@b',
    'no-at.com',
    'a b@c.d',
    '',
    '@b.c',
    'a@b.co extra',
    'a@b.co@c.d',
    'agent\u200f@example.com',
    'agent@exa\u202emple.com',
    'age\u200bnt@example.com',
    'agent@example.\u2066com',
    'agent\u0000@example.com',
  ])('rejects %j', (v) => expect(isEmail(v)).toBe(false));
  it('says what is wrong in the SPEC’s words', () => {
    expect(EMAIL_INVALID_MESSAGE).toBe('כתובת המייל אינה תקינה, נסה שוב.');
  });
});
