import { describe, expect, it } from 'vitest';
import { createUserBodySchema, updateOwnAccountBodySchema, updateUserBodySchema } from './account';
import { ALERTS_CONSENT_TEXT, subscribeBodySchema, updateSubscriberSchema } from './alerts';
import { freeText, optionalLine } from './common';
import { inquiryBodySchema } from './inquiry';
import { jobApplicationBodySchema, leadBodySchema } from './leads';
import { createLeadSchema } from './pipeline';
import { propertyFieldsSchema } from './property';
import { createReportContactSchema } from './report-contact';
import { agencySettingsSchema } from './settings';

// Every bidi embedding, override and isolate (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI).
const BIDI = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
const PHONE = '050-123-4567';
const person = { phone: PHONE, category: 'מוכר' };
const subscriber = {
  email: 'dana@example.com',
  consent: true,
  consentText: ALERTS_CONSENT_TEXT,
};

/** The person-name field of each single-line form, read through its own schema. */
const nameFields: [string, (name: string) => unknown][] = [
  ['lead name', (name) => leadBodySchema.parse({ ...person, name }).name],
  [
    'job full name',
    (name) => jobApplicationBodySchema.parse({ phone: PHONE, email: 'a@b.co', fullName: name }).fullName,
  ],
  ['inquiry name', (name) => inquiryBodySchema.parse({ phone: PHONE, name }).name],
  ['pipeline lead name', (name) => createLeadSchema.parse({ ...person, name }).name],
  [
    'user name (create)',
    (name) =>
      createUserBodySchema.parse({ name, email: 'u@example.com', phone_number: PHONE, role: 'agent' }).name,
  ],
  ['user name (update)', (name) => updateUserBodySchema.parse({ name }).name],
  ['subscriber name', (name) => subscribeBodySchema.parse({ ...subscriber, name }).name],
  ['subscriber name (update)', (name) => updateSubscriberSchema.parse({ name }).name],
  [
    'report client name',
    (name) => createReportContactSchema.parse({ clientName: name, exclusiveProperty: 'הרצל 1' }).clientName,
  ],
];

describe('single-line person fields', () => {
  it.each(nameFields)('%s: line breaks of every kind become one space', (_field, read) => {
    expect(read('דנה\r\nכהן')).toBe('דנה כהן');
    expect(read('דנה\nכהן\r')).toBe('דנה כהן');
    expect(read('דנה\u2028\u2029כהן')).toBe('דנה כהן');
    expect(read('\tדנה\u0085כהן\v')).toBe('דנה כהן');
  });

  it.each(nameFields)('%s: bidi controls and direction marks are removed', (_field, read) => {
    expect(read(`\u202Eדנה${BIDI} כהן\u200F\u200E\u061C`)).toBe('דנה כהן');
  });

  it('a name of only line breaks and bidi controls is refused as missing', () => {
    expect(leadBodySchema.safeParse({ ...person, name: `\r\n${BIDI}\u200F` }).success).toBe(false);
  });

  it('optional single-line fields (job title, condition, saved-search city) are one line too', () => {
    expect(updateUserBodySchema.parse({ companyRole: 'סוכנת\r\nבכירה\u202E' }).companyRole).toBe(
      'סוכנת בכירה',
    );
    expect(propertyFieldsSchema.partial().parse({ propertyCondition: 'חדש\nמקבלן' }).propertyCondition).toBe(
      'חדש מקבלן',
    );
    const search = subscribeBodySchema.parse({
      ...subscriber,
      name: 'דנה',
      search: { type: 'sale', city: 'חיפה\n\u2067' },
    });
    expect(search.search?.city).toBe('חיפה');
  });
});

describe('free texts', () => {
  const texts: [string, (text: string) => unknown][] = [
    [
      'property description',
      (text) => propertyFieldsSchema.partial().parse({ description: text }).description,
    ],
    [
      'inquiry message',
      (text) => inquiryBodySchema.parse({ phone: PHONE, name: 'דנה', message: text }).message,
    ],
    ['about me', (text) => updateOwnAccountBodySchema.parse({ aboutMe: text }).aboutMe],
    ['pipeline note', (text) => createLeadSchema.parse({ ...person, name: 'דנה', message: text }).message],
    [
      'report note',
      (text) =>
        createReportContactSchema.parse({ clientName: 'דנה', exclusiveProperty: 'הרצל 1', note: text }).note,
    ],
    ['agency story', (text) => agencySettingsSchema.shape.story.parse(text)],
    ['privacy policy', (text) => agencySettingsSchema.shape.legal.shape.privacy.parse(text)],
  ];

  it.each(texts)('%s: bidi controls removed, lines kept as LF, direction marks kept', (_field, read) => {
    expect(read(`דירה ${BIDI}יפה\r\nשורה\u2029שנייה \u200Fא`)).toBe('דירה יפה\nשורה\nשנייה \u200Fא');
  });

  it('counts the length after the clean-up, with the field’s message', () => {
    expect(freeText(3).safeParse('א\r\nב').success).toBe(true);
    expect(freeText(3, 'ארוך').safeParse('אבגד').error?.issues[0]?.message).toBe('ארוך');
    expect(optionalLine(5).parse(` ${BIDI} `)).toBe('');
  });
});

describe('phones with invisible characters', () => {
  const pasted = ['\u200E050-123-4567\u200F', '050\u00A0123\u00A04567', '\u202A050\u2007123 4567\u202C'];
  it.each(pasted)('%j is accepted and stored without them', (phone) => {
    expect(leadBodySchema.parse({ ...person, name: 'דנה', phone }).phone).toMatch(/^050[- ]?123[- ]?4567$/);
    expect(updateOwnAccountBodySchema.parse({ phone_number: phone }).phone_number).toMatch(
      /^050[- ]?123[- ]?4567$/,
    );
    expect(subscribeBodySchema.parse({ ...subscriber, name: 'דנה', phone }).phone).toMatch(
      /^050[- ]?123[- ]?4567$/,
    );
    expect(agencySettingsSchema.shape.whatsappPhone.parse(phone)).toMatch(/^050[- ]?123[- ]?4567$/);
    expect(agencySettingsSchema.shape.phone.parse(phone)).toMatch(/^050[- ]?123[- ]?4567$/);
  });
});
