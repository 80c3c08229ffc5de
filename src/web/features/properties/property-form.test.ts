import { PROPERTY_MESSAGES } from '@shared/schemas/property';
import { describe, expect, it } from 'vitest';
import {
  emptyWizard,
  propertyFormSchema,
  serverFieldErrors,
  stepOfField,
  toFormData,
  wizardFieldsInOrder,
  wizardSchema,
} from './property-form';

const filled = () => ({
  ...emptyWizard(),
  typeTransaction: 'מכירה',
  city: ' עכו ',
  address: 'החומה 7',
  category: 'דירה',
  price: '1200000',
});

describe('the wizard on the shared property schema', () => {
  it('turns typed text into API values: numbers, and empty choices as null', () => {
    const out = wizardSchema.parse({ ...filled(), rooms: '3.5', size: '', agent: '', yad2: '' });
    expect(out).toMatchObject({
      city: 'עכו',
      price: 1_200_000,
      rooms: 3.5,
      size: null,
      agent: null,
      yad2: null,
    });
  });

  it("answers with the server's Hebrew messages", () => {
    const result = wizardSchema.safeParse({ ...emptyWizard(), rooms: '-1', yad2: 'not a link' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toMatchObject({
      typeTransaction: PROPERTY_MESSAGES.dealTypeRequired,
      city: PROPERTY_MESSAGES.cityRequired,
      address: PROPERTY_MESSAGES.addressRequired,
      price: PROPERTY_MESSAGES.priceInvalid,
      category: PROPERTY_MESSAGES.categoryInvalid,
      rooms: PROPERTY_MESSAGES.numberInvalid,
      yad2: PROPERTY_MESSAGES.linkInvalid,
    });
  });

  it('leaves empty values out of the multipart body and repeats features and images', () => {
    const image = new File([new Uint8Array([1])], 'a.jpg', { type: 'image/jpeg' });
    const form = toFormData(
      wizardSchema.parse({ ...filled(), features: ['מעלית', 'מחסן'], images: [image, image] }),
    );
    expect(form.get('typeTransaction')).toBe('מכירה');
    expect(form.get('city')).toBe('עכו');
    expect(form.get('price')).toBe('1200000');
    expect(form.has('rooms')).toBe(false);
    expect(form.has('agent')).toBe(false);
    expect(form.get('pinuy_binuy')).toBe('false');
    expect(form.getAll('features')).toEqual(['מעלית', 'מחסן']);
    expect(form.getAll('images')).toHaveLength(2);
  });

  it('orders errors by step and field, and knows the step of each field', () => {
    expect(wizardFieldsInOrder(['images', 'category', 'city', 'nonsense'])).toEqual([
      'city',
      'category',
      'images',
    ]);
    expect(stepOfField('city')).toBe(0);
    expect(stepOfField('category')).toBe(1);
    expect(stepOfField('features')).toBe(3);
    expect(stepOfField('images')).toBe(4);
  });
});

describe("the server's errors on the form", () => {
  const known = ['city', 'features', 'images'] as const;

  it('maps field keys to fields (a list item to its list), first message wins, the rest is other', () => {
    const { byField, other } = serverFieldErrors(
      {
        status: 400,
        message: 'x',
        fieldErrors: { city: 'עיר', 'features.2': 'ראשון', 'features.3': 'שני', _: 'כללי' },
      },
      known,
    );
    expect(Object.fromEntries(byField)).toEqual({ city: 'עיר', features: 'ראשון' });
    expect(other).toEqual(['כללי']);
  });

  it('a refused upload is the images field', () => {
    const refused = { status: 415, message: 'הקובץ אינו תמונה נתמכת', fieldErrors: {} };
    expect(Object.fromEntries(serverFieldErrors(refused, known, 'images').byField)).toEqual({
      images: 'הקובץ אינו תמונה נתמכת',
    });
    expect(serverFieldErrors(refused, known).byField.size).toBe(0);
  });

  it('the edit form sends every field, with empties as null', () => {
    const out = propertyFormSchema.parse({
      ...filled(),
      sold: true,
      exclusive: false,
      pinuy_binuy: false,
      floor: '',
      entryDate: 'מידי',
      agentSecend: '',
    });
    expect(out).toMatchObject({
      sold: true,
      floor: null,
      entryDate: 'מידי',
      agentSecend: null,
      features: [],
    });
  });
});
