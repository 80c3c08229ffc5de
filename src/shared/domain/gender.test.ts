import { describe, expect, it } from 'vitest';
import { GENDERED_WORDS, gendered } from './gender';

describe('gendered', () => {
  it("says a known word in the person's gender", () => {
    expect(gendered('female', 'welcome')).toBe('ברוכה הבאה');
    expect(gendered('male', 'welcome')).toBe('ברוך הבא');
    expect(gendered('female', 'agent')).toBe('סוכנת');
    expect(gendered('female', 'admin')).toBe('מנהלת');
  });
  it('takes any phrase in both forms', () => {
    const forms = { male: 'הסוכן המטפל', female: 'הסוכנת המטפלת' };
    expect(gendered('female', forms)).toBe('הסוכנת המטפלת');
    expect(gendered('male', forms)).toBe('הסוכן המטפל');
  });
  it('addresses a person whose gender is not known in the masculine', () => {
    expect(gendered(null, 'welcome')).toBe('ברוך הבא');
    expect(gendered(undefined, { male: 'א', female: 'ב' })).toBe('א');
  });
  it('has two different forms for every listed word', () => {
    for (const forms of Object.values(GENDERED_WORDS)) expect(forms.male).not.toBe(forms.female);
  });
});
