/** An address inside a Hebrew sentence, isolated left-to-right (LRI … PDI) so that its dots and @ keep their order. */
export const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * Texts of subscribing to alerts (the save-search dialog, the favourites' form, and the listing pages' form
 * posted without JavaScript, which loads only these).
 */
export const subscribe = {
  favouritesTitle: 'לשמור את המועדפים בכל מכשיר',
  favouritesIntro:
    'השאירו שם ומייל או טלפון נייד, ותקבלו קישור אישי (בלי סיסמה) שפותח את המועדפים בכל מכשיר. במייל נעדכן אתכם גם כשמחיר של נכס שמור יורד.',
  searchTitle: 'שמירת החיפוש',
  searchIntro:
    'עם מייל נשלח אליכם נכסים חדשים שמתאימים לחיפוש הזה. עם טלפון נייד בלבד יחזור אליכם סוכן עם נכסים מתאימים.',
  contactHint: 'מייל, טלפון נייד או שניהם: עדכונים על נכסים נשלחים רק במייל.',
  name: 'שם',
  email: 'מייל',
  phone: 'טלפון נייד',
  frequency: 'באיזו תדירות לשלוח?',
  frequencies: { immediate: 'מיד (לכל היותר פעם בשעה)', daily: 'סיכום יומי' },
  submit: 'שמירה וקבלת קישור',
  sending: 'שולח...',
  sent: (email: string) =>
    `שלחנו מייל אל ${ltr(email)}. לחצו על הקישור שבו כדי לאשר את ההרשמה: העדכונים יתחילו רק אחרי האישור. המייל כולל גם את הקישור האישי שלכם.`,
  phoneOnlySaved: 'נשמר. סוכן מהמשרד יחזור אליכם בטלפון.',
  phoneOnlyNoMail: 'בלי כתובת מייל לא נשלחים אליכם עדכונים על נכסים. אפשר להוסיף מייל בכל עת בדף האישי שלכם.',
  linkIntro:
    'זה הקישור האישי שלכם (בלי סיסמה): הוא פותח את המועדפים והחיפושים בכל מכשיר. שמרו אותו, כי לא נשלח אותו אליכם.',
  copyLink: 'העתקת הקישור',
  copied: 'הקישור הועתק',
  failure: 'השמירה נכשלה. נסו שוב מאוחר יותר.',
  tooMany: 'נשלחו יותר מדי בקשות. נסו שוב מאוחר יותר.',
  honeypot: 'אין למלא שדה זה',
  cancel: 'ביטול',
  close: 'סגירה',
  searchLine: 'החיפוש שיישמר',
  toLinkIntro: 'הדפדפן הזה מכיר את הקישור האישי שלכם: החיפוש יישמר בו, ונשלח אליכם נכסים חדשים שמתאימים לו.',
  toLinkSubmit: 'שמירת החיפוש',
};
