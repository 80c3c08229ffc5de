/**
 * Hebrew addresses a person, and speaks of one, in that person's grammatical gender: 'ברוך הבא' or 'ברוכה הבאה',
 * 'סוכן' or 'סוכנת'. Each user keeps one (`users.gender`, set in the user form); every word that follows it
 * goes through `gendered`, never through a string written for one gender only.
 */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** The two forms of a word or phrase: as said to or of a man, and of a woman. */
export type GenderedForms = { readonly male: string; readonly female: string };

/** Words the product says of people in more than one place. */
export const GENDERED_WORDS = {
  welcome: { male: 'ברוך הבא', female: 'ברוכה הבאה' },
  agent: { male: 'סוכן', female: 'סוכנת' },
  admin: { male: 'מנהל', female: 'מנהלת' },
  theAgent: { male: 'הסוכן', female: 'הסוכנת' },
  user: { male: 'משתמש', female: 'משתמשת' },
  theUser: { male: 'המשתמש', female: 'המשתמשת' },
  active: { male: 'פעיל', female: 'פעילה' },
  inactive: { male: 'מושבת', female: 'מושבתת' },
} as const satisfies Record<string, GenderedForms>;
export type GenderedWord = keyof typeof GENDERED_WORDS;

/**
 * The form of a word for a person: a word of `GENDERED_WORDS` by its key, or any phrase given in both forms.
 * A person whose gender is not known is addressed in the masculine, Hebrew's unmarked form.
 *
 *   gendered(user.gender, 'welcome')                                    → 'ברוכה הבאה' for a woman
 *   gendered(agent.gender, { male: 'הסוכן המטפל', female: 'הסוכנת המטפלת' })
 */
export function gendered(gender: Gender | null | undefined, word: GenderedWord | GenderedForms): string {
  const forms = typeof word === 'string' ? GENDERED_WORDS[word] : word;
  return gender === 'female' ? forms.female : forms.male;
}
