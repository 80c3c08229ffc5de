import { type Gender, gendered } from '@shared/domain/gender';
import { INTEREST_LABELS } from '@shared/schemas/viewing-outcome';

/** Texts of "after the viewing" on /MyDay (signed-in only). The visitor's gender is not known: neutral forms. */
export const viewingOutcomeTexts = {
  question: 'איך היה הביקור?',
  tookPlace: 'התקיים',
  noShow: (gender?: Gender | null) =>
    gender ? gendered(gender, { male: 'לא הגיע', female: 'לא הגיעה' }) : 'לא הגיע/ה',
  interest: 'מידת העניין של המבקר/ת',
  interestLabel: (n: number) => `${n} · ${INTEREST_LABELS[n]}`,
  notes: 'הערה קצרה (תופיע בדוח למוכר, בלי פרטי המבקר/ת)',
  save: 'שמירה',
  saved: 'נשמר. הביקור נרשם בפעילות של הליד',
  savedNoShow: 'נשמר שהמבקר/ת לא הגיע/ה',
  failure: 'השמירה לא הצליחה. נסו שוב.',
  result: {
    tookPlace: (interest: number) => `הביקור התקיים · עניין ${interestTextOf(interest)}`,
    noShow: (gender?: Gender | null) =>
      gender ? gendered(gender, { male: 'המבקר לא הגיע', female: 'המבקרת לא הגיעה' }) : 'המבקר/ת לא הגיע/ה',
  },
} as const;

function interestTextOf(n: number) {
  return `${n} מתוך 5 (${INTEREST_LABELS[n]})`;
}

/** The seller's report: the feedback of the property's viewings. */
export const sellerFeedbackTexts = {
  title: 'משוב מביקורים בנכס',
  intro: 'מה אמרו המבקרים אחרי הביקורים שהתקיימו בתקופה (בלי פרטים מזהים).',
  when: 'מועד הביקור',
  interest: 'מידת העניין',
  notes: 'הערות',
  interestOf: (n: number) => `${n} מתוך 5 · ${INTEREST_LABELS[n] ?? ''}`,
  count: (n: number) => (n === 1 ? 'ביקור אחד' : `${n} ביקורים`),
};
