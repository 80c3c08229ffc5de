import { describe, expect, it } from 'vitest';
import { canonicalJson, IDEMPOTENCY_MESSAGES, readIdempotencyKey, requestHash } from './idempotency';

describe('the Idempotency-Key header', () => {
  it('takes a bare or quoted (sf-string) key of 1 to 128 visible ASCII characters', () => {
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(readIdempotencyKey('"abc:1"')).toBe('abc:1');
    expect(readIdempotencyKey('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it('refuses an empty, over-long, spaced, non-ASCII or doubled key with a Hebrew message', () => {
    for (const bad of ['', '""', 'a'.repeat(129), 'two words', 'מפתח', ['a', 'b'], 'a"b']) {
      expect(() => readIdempotencyKey(bad)).toThrow(IDEMPOTENCY_MESSAGES.badKey);
    }
  });
});

describe('the request hash', () => {
  it('is the same for the same body whatever the key order, and differs for another body or route', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: null }] })).toBe('{"a":[1,{"c":null,"d":2}],"b":1}');
    const route = 'POST /api/v1/indicators';
    expect(requestHash(route, { meetings: 1, deals: 0 })).toBe(requestHash(route, { deals: 0, meetings: 1 }));
    expect(requestHash(route, { meetings: 1 })).not.toBe(requestHash(route, { meetings: 2 }));
    expect(requestHash(route, { meetings: 1 })).not.toBe(requestHash('POST /api/v1/goals', { meetings: 1 }));
    expect(requestHash(route, { meetings: 1, note: undefined })).toBe(requestHash(route, { meetings: 1 }));
  });
});
