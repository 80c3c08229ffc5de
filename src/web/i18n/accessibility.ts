/** Texts of the accessibility statement (IS 5568; the 2013 service-accessibility regulations). */
export const accessibility = {
  title: 'הצהרת נגישות',
  footerLink: 'הצהרת נגישות',
  intro: (agency: string) =>
    `${agency} רואה חשיבות רבה במתן שירות שוויוני לכל הלקוחות, ופועלת כדי שהאתר יהיה נוח ונגיש גם לאנשים עם מוגבלות.`,
  levelTitle: 'רמת הנגישות',
  level:
    'האתר עומד בדרישות תקנות שוויון זכויות לאנשים עם מוגבלות (התאמות נגישות לשירות), התשע"ג-2013, ובתקן הישראלי ת"י 5568, ברמה AA של הנחיות WCAG 2.1.',
  testedTitle: 'מה נבדק ואיך',
  limitationsTitle: 'מגבלות ידועות',
  noLimitations: 'לא ידועות לנו מגבלות נגישות באתר.',
  lastCheckedTitle: 'הבדיקה האחרונה',
  lastChecked: (date: string) => `האתר נבדק לאחרונה ב-${date}.`,
  coordinatorTitle: 'רכז/ת הנגישות',
  coordinatorIntro:
    'נתקלתם בקושי? נשמח לשמוע ולתקן. אפשר לפנות לרכז/ת הנגישות שלנו, ונחזור אליכם בתוך חמישה ימי עבודה.',
  name: 'שם',
  phone: 'טלפון',
  email: 'מייל',
  call: (phone: string) => `חיוג ל-${phone}`,
  mail: (email: string) => `שליחת מייל ל-${email}`,
} as const;
