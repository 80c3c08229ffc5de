import { describe, expect, it } from 'vitest';
import { isValidIsraeliId, padIsraeliId } from './israeli-id';

describe('Israeli ID check digit', () => {
  it('accepts nine-digit IDs whose check digit is right', () => {
    expect(isValidIsraeliId('000000018')).toBe(true);
    expect(isValidIsraeliId('123456782')).toBe(true);
    expect(isValidIsraeliId('039337423')).toBe(true);
  });

  it('refuses the same IDs with another check digit', () => {
    expect(isValidIsraeliId('123456789')).toBe(false);
    expect(isValidIsraeliId('123456781')).toBe(false);
    expect(isValidIsraeliId('039337424')).toBe(false);
  });

  it('pads a short ID with leading zeros before checking', () => {
    expect(padIsraeliId('18')).toBe('000000018');
    expect(isValidIsraeliId('18')).toBe(true);
    expect(isValidIsraeliId('39337423')).toBe(true);
    expect(isValidIsraeliId('39337424')).toBe(false);
  });

  it('ignores spaces and dashes', () => {
    expect(isValidIsraeliId('12345678-2')).toBe(true);
    expect(isValidIsraeliId(' 1234 5678 2 ')).toBe(true);
  });

  it('refuses ten digits, letters, empty and all zeros', () => {
    expect(padIsraeliId('0123456782')).toBeNull();
    expect(isValidIsraeliId('0123456782')).toBe(false);
    expect(isValidIsraeliId('12345678a')).toBe(false);
    expect(isValidIsraeliId('')).toBe(false);
    expect(isValidIsraeliId('000000000')).toBe(false);
  });
});
