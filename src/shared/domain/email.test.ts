import { describe, expect, it } from 'vitest';
import { isEmail } from './email';

describe('isEmail', () => {
  it.each(['a@b.co', 'agent@example.com', 'first.last@mail.co.il'])('accepts %s', (v) =>
    expect(isEmail(v)).toBe(true),
  );
  it.each(['a@b', 'no-at.com', 'a b@c.d', '', '@b.c'])('rejects %s', (v) => expect(isEmail(v)).toBe(false));
});
