/** Texts around the privacy policy and the terms of use (their bodies are agency settings content). */
export const legal = {
  privacyTitle: 'מדיניות פרטיות',
  termsTitle: 'תנאי שימוש',
  contactTitle: 'פניות בנושא פרטיות',
  contactIntro: 'לבקשת עותק של המידע שנשמר עליכם, לתיקונו או למחיקתו, או לכל שאלה על השימוש בו, פנו אלינו:',
  email: 'מייל',
  phone: 'טלפון',
  address: 'כתובת',
  /** The line under every public form, before its links. */
  consentStart: 'בשליחת הטופס אתם מאשרים את',
  consentAnd: 'ואת',
} as const;
