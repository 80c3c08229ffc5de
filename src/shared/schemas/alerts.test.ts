import { describe, expect, it } from 'vitest';
import { ALERTS_CONSENT_TEXT, savedSearchFiltersSchema, subscribeBodySchema } from './alerts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('savedSearchFiltersSchema', () => {
  it('fills the slider ends for what was left out', () => {
    expect(savedSearchFiltersSchema.parse({ type: 'rent' })).toEqual({
      type: 'rent',
      city: '',
      street: '',
      category: '',
      minRooms: 1,
      maxRooms: 10,
      minPrice: 0,
      maxPrice: 50_000,
      features: [],
    });
  });

  it('refuses absurd bounds with the filters’ messages', () => {
    expect(messages(savedSearchFiltersSchema.safeParse({ type: 'sale', minPrice: 3, maxPrice: 2 }))).toEqual({
      minPrice: 'המינימום לא יכול לעלות על המקסימום',
    });
    expect(messages(savedSearchFiltersSchema.safeParse({ type: 'rent', maxPrice: 60_000 }))).toEqual({
      maxPrice: 'אפשר להקליד בין 0 ₪ ל-50,000 ₪',
    });
    expect(messages(savedSearchFiltersSchema.safeParse({ type: 'sale', minRooms: 0, maxRooms: 11 }))).toEqual(
      {
        minRooms: 'אפשר להקליד בין 1 ל-10',
        maxRooms: 'אפשר להקליד בין 1 ל-10',
      },
    );
    expect(messages(savedSearchFiltersSchema.safeParse({ type: 'sale', minPrice: 10.5 }))).toEqual({
      minPrice: 'המחיר הוא בשקלים שלמים',
    });
    expect(messages(savedSearchFiltersSchema.safeParse({ type: 'sale', features: ['בריכה'] }))).toEqual({
      'features.0': 'מאפיין לא מוכר',
    });
  });

  it('drops a street without a city', () => {
    expect(savedSearchFiltersSchema.parse({ type: 'sale', street: 'הרצל' }).street).toBe('');
  });
});

describe('subscribeBodySchema', () => {
  const body = { name: 'דנה', email: 'Dana@Example.com', consent: true, consentText: ALERTS_CONSENT_TEXT };
  it('takes a name, an e-mail and the consent; the phone is optional', () => {
    const parsed = subscribeBodySchema.parse(body);
    expect(parsed).toMatchObject({
      email: 'dana@example.com',
      phone: '',
      frequency: 'immediate',
      favourites: [],
    });
  });
  it('refuses an unticked box, another wording, a bad phone or e-mail with the field’s message', () => {
    expect(
      messages(
        subscribeBodySchema.safeParse({
          ...body,
          consent: false,
          consentText: 'x',
          phone: '123',
          email: 'a@',
        }),
      ),
    ).toEqual({
      consent: 'יש לסמן את תיבת ההסכמה כדי לקבל עדכונים',
      consentText: 'נוסח ההסכמה התעדכן. יש לרענן את הדף ולנסות שוב',
      phone: 'מספר הטלפון אינו תקין, נסה שוב.',
      email: 'כתובת המייל אינה תקינה, נסה שוב.',
    });
  });
});
