import { describe, expect, it } from 'vitest';
import {
  cleanPhone,
  displayIsraeliMobile,
  isIsraeliMobile,
  normalizeIsraeliMobile,
  PHONE_INVALID_MESSAGE,
  telLink,
  toInternationalDigits,
  whatsappLink,
} from './phone';

describe('isIsraeliMobile', () => {
  it.each([
    '0501234567',
    '050-123-4567',
    '+972501234567',
    '972 50 123 4567',
    '050.123.4567',
    '0521234567',
    '501234567',
    ' 050-123-4567 ',
    '\t0541234567\n',
  ])('accepts %j', (phone) => expect(isIsraeliMobile(phone)).toBe(true));

  it.each([
    ['a landline prefix', '0401234567'],
    ['too few digits', '05012345'],
    ['letters', 'abcdefghij'],
    ['a trailing letter', '050123456a'],
    ['nothing', ''],
    ['too many digits after +972', '+97250123456789'],
    ['text before the number', 'tel 0501234567'],
    ['a digit before the number', '10501234567'],
    ['a foreign country code', '+1 050 123 4567'],
    ['five digits at the end', '050-123-45678'],
    ['no second digit after 5', '05-123-4567'],
    ['nine digits', '051234567'],
    ['two separators in a row', '050--123-4567'],
  ])('rejects %s (%j)', (_case, phone) => expect(isIsraeliMobile(phone)).toBe(false));
});

it('says what is wrong in the SPEC’s words', () => {
  expect(PHONE_INVALID_MESSAGE).toBe('מספר הטלפון אינו תקין, נסה שוב.');
});

describe('whatsapp links', () => {
  it('drops the leading zero and adds 972', () => {
    expect(toInternationalDigits('050-123-4567')).toBe('972501234567');
    expect(toInternationalDigits('+972 50 123 4567')).toBe('972501234567');
    expect(whatsappLink('0501234567')).toBe('https://wa.me/972501234567');
  });

  it('keeps zeros inside a number written without its leading zero', () => {
    expect(toInternationalDigits('50-120-3040')).toBe('972501203040');
  });

  it('adds a prefilled message as an encoded text parameter', () => {
    expect(whatsappLink('050-123-4567', 'שלום & תודה?')).toBe(
      'https://wa.me/972501234567?text=%D7%A9%D7%9C%D7%95%D7%9D%20%26%20%D7%AA%D7%95%D7%93%D7%94%3F',
    );
  });
});

describe('telLink', () => {
  it('keeps digits and the international plus only', () => {
    expect(telLink('+972 50-123-4567')).toBe('tel:+972501234567');
    expect(telLink('050.123.4567')).toBe('tel:0501234567');
  });
});

describe('normalizeIsraeliMobile: the contact key', () => {
  it.each([
    ['0501234567', '+972501234567'],
    ['050-123-4567', '+972501234567'],
    ['050 123 4567', '+972501234567'],
    ['+972501234567', '+972501234567'],
    ['+972-50-123-4567', '+972501234567'],
    ['972 50 123 4567', '+972501234567'],
    ['501234567', '+972501234567'],
    ['054.987.6543', '+972549876543'],
  ])('reads %j as %j', (phone, key) => expect(normalizeIsraeliMobile(phone)).toBe(key));

  it('removes the invisible marks and no-break spaces a pasted number carries, first', () => {
    expect(normalizeIsraeliMobile('\u200E050-123-4567\u200F')).toBe('+972501234567');
    expect(normalizeIsraeliMobile('050\u00A0123\u00A04567')).toBe('+972501234567');
    expect(normalizeIsraeliMobile('\u202A+972 50\u202F123 4567\u202C')).toBe('+972501234567');
    expect(normalizeIsraeliMobile('\uFEFF0501234567\u2069')).toBe('+972501234567');
    expect(isIsraeliMobile('\u200F050-123-4567')).toBe(true);
    expect(cleanPhone(' \u200E050-123-4567 ')).toBe('050-123-4567');
  });

  it.each([
    ['a landline', '04-8123456'],
    ['too few digits', '05012345'],
    ['a foreign number', '+1 212 555 0100'],
    ['letters', 'phone'],
    ['nothing', ''],
    ['only invisible marks', '\u200E\u200F'],
  ])('has no key for %s (%j)', (_case, phone) => expect(normalizeIsraeliMobile(phone)).toBeNull());

  it('never gives two different numbers one key', () => {
    const keys = ['0501234567', '0501234568', '0521234567', '0541234567'].map(normalizeIsraeliMobile);
    expect(new Set(keys).size).toBe(4);
  });
});

describe('displayIsraeliMobile', () => {
  it('writes any form of an Israeli mobile as 05X-XXX-XXXX, and another phone as typed', () => {
    for (const typed of ['0527654321', '+972 52 765 4321', '972-52-765-4321', '\u200E052-765 4321'])
      expect(displayIsraeliMobile(typed), typed).toBe('052-765-4321');
    expect(displayIsraeliMobile(' 03-6123456 ')).toBe('03-6123456');
  });
});
