import { describe, expect, it } from 'vitest';
import { isIsraeliMobile, toInternationalDigits, whatsappLink } from './phone';

describe('isIsraeliMobile', () => {
  it.each(['0501234567', '050-123-4567', '+972501234567', '972 50 123 4567', '050.123.4567', '0521234567'])(
    'accepts %s',
    (phone) => expect(isIsraeliMobile(phone)).toBe(true),
  );
  it.each(['0401234567', '05012345', 'abcdefghij', '050123456a', '', '+97250123456789'])(
    'rejects %s',
    (phone) => expect(isIsraeliMobile(phone)).toBe(false),
  );
});

describe('whatsapp links', () => {
  it('drops the leading zero and adds 972', () => {
    expect(toInternationalDigits('050-123-4567')).toBe('972501234567');
    expect(toInternationalDigits('+972 50 123 4567')).toBe('972501234567');
    expect(whatsappLink('0501234567')).toBe('https://wa.me/972501234567');
  });
});
