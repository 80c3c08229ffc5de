import { plural } from '@shared/domain/plural';

/** Texts of the network dashboard (network admins): each branch's month side by side (decision 0045). */
export const network = {
  nav: 'לוח הרשת',
  title: 'לוח הרשת',
  intro: 'כל סניף לצד הסניפים האחרים, לחודש שבחרתם. עמודת "כל הרשת" היא סכום הסניפים.',
  loading: 'טוען את נתוני הרשת...',
  loadFailure: 'לא הצלחנו לטעון את נתוני הרשת. נסו לרענן את הדף.',
  empty: 'אין נתונים בחודש הזה: לא התקבלו לידים ולא נרשמה פעילות באף סניף.',
  caption: (month: number, year: number) => `הסניפים זה לצד זה, ${month}/${year}`,
  scrollLabel: 'טבלת הסניפים (נגללת לצדדים)',
  figure: 'נתון',
  wholeNetwork: 'כל הרשת',
  goalsNav: 'יעדי הסניפים',
  export: 'הורדת קובץ CSV',
  noGoal: 'אין יעד',
  none: 'אין',
  ofGoal: (actual: string, goal: string) => `${actual} מתוך ${goal}`,
  definitionOf: (name: string) => `מה זה ${name}?`,
  figures: {
    received: {
      name: 'לידים שהתקבלו',
      definition:
        'כל הלידים שהגיעו לסניף בחודש (לפי שעון ישראל), מכל המקורות: טפסים, טלפון, הפניות והזנה ידנית.',
    },
    medianMinutes: {
      name: 'זמן תגובה חציוני',
      definition:
        'דקות משרד מהגעת הליד ועד המגע הראשון, בחציון: חצי מהלידים קיבלו מענה מהר יותר. נספרים רק לידים שכבר קיבלו מענה; שעות מחוץ לשעות הפעילות, שבתות וחגים אינן נספרות.',
    },
    conversion: {
      name: 'המרה',
      definition: 'החלק מלידי החודש שהסתיימו בעסקה: עסקאות מלידים חלקי לידים שהתקבלו.',
    },
    deals: {
      name: 'עסקאות מלידים',
      definition: 'לידים שהגיעו בחודש ושהסטטוס שלהם היום הוא עסקה.',
    },
    gross: {
      name: 'עמלות לפני מע"מ (₪)',
      definition:
        'סך העמלות לפני מע"מ של העסקאות שנחתמו בסניף בחודש, לפי פירוט העמלה של כל עסקה. עסקאות שבוטלו ועסקאות ללא תוכנית עמלות אינן נספרות.',
    },
    royaltyDue: {
      name: 'לתשלום לרשת (₪)',
      definition:
        'מה שהסניף חייב לרשת על החודש: התמלוגים על עסקאות החודש, לפי פירוט העמלה של כל עסקה (כולל התקרה השנתית), ודמי החודש לסוכנים לפי תוכנית העמלות.',
    },
    royaltyPaid: {
      name: 'תמלוגים ששולמו (₪)',
      definition: 'התשלומים שהסניף העביר לרשת עבור החודש, כפי שנרשמו בטבלת התמלוגים (תשלום שבוטל אינו נספר).',
    },
    indicator: {
      definition: (name: string) =>
        `סך ${name} שרשמו הסוכנים בסניף בחודש, מול היעד: יעד הסניף כשהרשת קבעה אותו, אחרת סכום היעדים של סוכני הסניף. היעד של כל הרשת הוא סכום יעדי הסניפים.`,
    },
  },
  percentOfGoal: (percent: string) => `${percent} מהיעד`,
  /** The royalties each branch owes the network (docs/money.md, "Monthly statements and royalties"). */
  royalties: {
    title: 'תמלוגים לרשת לפי סניף',
    intro:
      'העמלות לפני מע"מ והתמלוגים של כל סניף בחודש שבחרתם ומתחילת השנה, לפי פירוט העמלה של כל עסקה (כולל התקרה השנתית). עסקאות שבוטלו אינן נספרות.',
    loading: 'טוען את התמלוגים...',
    failed: 'לא הצלחנו לטעון את התמלוגים.',
    caption: (month: number, year: number) => `תמלוגים לרשת, ${month}/${year}`,
    scrollLabel: 'טבלת התמלוגים (נגללת לצדדים)',
    export: 'הורדת התמלוגים כקובץ CSV',
    branch: 'סניף',
    monthDeals: 'עסקאות בחודש',
    monthNet: 'עמלות לפני מע"מ בחודש',
    monthRoyalty: 'תמלוגים בחודש',
    monthAgentFees: 'דמי חודש לסוכנים',
    monthDue: 'לתשלום לרשת בחודש',
    yearDue: 'לתשלום לרשת מתחילת השנה',
    yearNet: 'עמלות מתחילת השנה',
    yearRoyalty: 'תמלוגים מתחילת השנה',
    cap: 'תקרה שנתית',
    noCap: 'אין תקרה',
    noPlan: 'אין תוכנית עמלות',
    withoutPlan: (n: number) =>
      plural(n, { one: 'עסקה אחת ללא תוכנית עמלות', other: '{n} עסקאות ללא תוכנית עמלות' }),
    total: 'סה"כ',
    monthPaid: 'שולם עבור החודש',
    monthBalance: 'יתרה לחודש',
    yearPaid: 'שולם מתחילת השנה',
    yearBalance: 'יתרה מתחילת השנה',
    record: 'רישום תשלום',
    paidNote:
      'דמי חודש לסוכנים: דמי החודש לסוכן בתוכנית העמלות של היום הראשון בחודש, כפול מספר הסוכנים שהיו בסניף בתחילת החודש. לתשלום לרשת: התמלוגים ודמי החודש. שולם: תשלומי הסניף לרשת לפי החודש שהם עבורו (תשלום שבוטל אינו נספר). יתרה: הסכום לתשלום לרשת פחות מה ששולם.',
    /** The month's payments, each voidable with a reason (network roles). */
    payments: {
      title: 'תשלומים שנרשמו לחודש',
      caption: (month: number, year: number) => `תשלומים לרשת עבור ${month}/${year}`,
      scrollLabel: 'טבלת התשלומים (נגללת לצדדים)',
      loading: 'טוען את התשלומים...',
      failed: 'לא הצלחנו לטעון את התשלומים.',
      empty: 'לא נרשמו תשלומים לחודש זה.',
      paidOn: 'תאריך',
      branch: 'סניף',
      amount: 'סכום',
      note: 'הערה',
      status: 'מצב',
      active: 'בתוקף',
      voided: (reason: string) => `בוטל: ${reason}`,
      voidOpen: (branch: string, amount: string) => `ביטול התשלום של ${branch} (${amount})`,
      reason: 'סיבת הביטול',
      submit: 'ביטול התשלום',
      confirm: (branch: string, amount: string) =>
        `לבטל את התשלום של ${branch} בסך ${amount}? התשלום יישאר ברשימה כמבוטל ולא ייספר ביתרה.`,
      confirmLabel: 'כן, לבטל את התשלום',
      saved: (branch: string, amount: string) => `התשלום של ${branch} (${amount}) בוטל`,
      failedVoid: 'לא הצלחנו לבטל את התשלום. נסו שוב.',
      total: (amount: string) => `סה"כ תשלומים בתוקף: ${amount}`,
    },
    /** The form that records a royalty payment of one branch (network roles). */
    payment: {
      open: (branch: string) => `רישום תשלום תמלוגים של ${branch}`,
      amount: 'סכום ששולם (₪)',
      paidOn: 'תאריך התשלום',
      forMonth: 'עבור חודש',
      note: 'הערה (לא חובה)',
      submit: 'רישום התשלום',
      saved: (branch: string, amount: string) => `התשלום של ${branch} (${amount}) נרשם`,
      failed: 'לא הצלחנו לרשום את התשלום. נסו שוב.',
    },
  },
} as const;
