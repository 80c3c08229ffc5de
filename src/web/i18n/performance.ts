import { type Gender, gendered } from '@shared/domain/gender';
import { formatDate } from '@shared/domain/israel-time';
import type { MetricKey } from '@shared/domain/metrics';
import { plural } from '@shared/domain/plural';
import { scoringRules } from './scoring-rules';

const METRIC_LABELS: Record<MetricKey, string> = {
  meetings: 'פגישות',
  exclusives: 'בלעדיות',
  priceUpdates: 'עדכוני מחיר',
  buyerTours: 'סיורי קונים',
  priceOffers: 'הצעות מחיר',
  deals: 'עסקאות',
};

/** Texts of the indicators, goals, performance and ranking pages (SPEC sections 2, 5, 8, 9). */
export const performance = {
  metrics: METRIC_LABELS,
  common: {
    year: 'שנה',
    month: 'חודש',
    search: 'חיפוש נתונים',
    reset: 'איפוס',
    update: 'עדכון נתונים',
    date: 'תאריך',
    metric: 'מדד',
    actual: 'בפועל',
    goal: 'יעד',
    percentage: 'אחוז ביצוע',
    forecast: 'תחזית',
    noGoal: 'אין יעד',
    /** The money rows beside the counts (docs/money.md). */
    sharedDeals: 'עסקאות בשיתוף',
    commission: 'עמלה (₪)',
    noData: 'אין נתונים להצגה',
    loading: 'טוען נתונים...',
    total: 'סה״כ',
    refreshed: 'הנתונים עודכנו בהצלחה!',
    refreshFailed: 'שגיאה בעדכון הנתונים',
    generalError: 'שגיאה כללית בטעינת הנתונים',
  },
  workingDays: {
    title: 'ימי עבודה בחודש',
    total: 'סה״כ ימי עבודה',
    elapsed: 'ימים שעברו',
    remaining: 'ימים שנותרו',
  },
  daily: {
    title: 'הזנת סטטוס יומי',
    forAgent: (name: string) => `הזנת סטטוס יומי עבור ${name}`,
    submit: 'שליחת סטטוס',
    sending: 'שולח...',
    success: 'סטטוס יומי נשלח בהצלחה!',
    failure: 'הבקשה לא נשלחה נסה שוב',
    noUser: 'המשתמש לא נמצא, לא ניתן ליצור סטטוס',
    unknownAgent: 'אין משתמש פעיל עם המזהה שבכתובת: בחרו סוכן מרשימת הסוכנים',
    pureAdmin:
      'מנהל שאינו עובד כסוכן אינו מזין סטטוס יומי לעצמו. כדי להזין עבור סוכן, בחרו אותו בסקירת הסוכנים.',
    toAgents: 'לסקירת הסוכנים',
    recordedTitle: (date: string) => `נרשם עד כה ל-${formatDate(date)}`,
    recordedNone: 'עדיין לא נרשם סטטוס ליום זה.',
    recordedEntries: (n: number) =>
      plural(n, { one: 'רשומה אחת ליום זה, סכומיה:', other: '{n} רשומות ליום זה, סכומן:' }),
    recordedActivities: (n: number) =>
      plural(n, {
        one: 'נכלל גם נתון מפעילות אחת בליד.',
        other: 'נכללים גם נתונים מ-{n} פעילויות בלידים.',
      }),
    confirmSecond: (date: string) =>
      `כבר נרשם סטטוס ל-${formatDate(date)}. להוסיף רשומה נוספת לאותו יום? המספרים יתווספו לקיימים.`,
    confirmAdd: 'הוספת רשומה נוספת',
  },
  personal: {
    title: 'מדדים אישיים',
    titleFor: (name: string) => `מדדים אישיים – ${name}`,
    monthlyPerformance: 'ביצועים חודשיים',
    dailyStatus: 'סטטוס יומי',
    monthlyGoal: 'יעד חודשי',
    weekly: 'סיכום שבועי (7 הימים האחרונים)',
    overall: 'סיכום כללי',
    editAll: 'עריכת הכול',
    editActionsTop: 'שמירת העריכה',
    editActionsBottom: 'שמירת העריכה בסוף הטבלאות',
    save: 'שמירה',
    cancel: 'ביטול',
    delete: 'מחיקה',
    actions: 'פעולות',
    deleteLabel: (date: string) => `מחיקת הסטטוס מ-${date}`,
    /** One of several entries typed for one day. */
    entryOf: (date: string, n: number) => `${date}, רשומה ${n}`,
    /** SPEC's question, in the grammatical gender of the person asked. */
    confirmDelete: (gender: Gender | undefined) =>
      gendered(gender, {
        male: 'האם אתה בטוח שברצונך למחוק את הסטטוס?',
        female: 'האם את בטוחה שברצונך למחוק את הסטטוס?',
      }),
    saved: 'כל השינויים נשמרו בהצלחה!',
    saveFailed: 'שגיאה בשמירת השינויים',
    goalsSaved: 'יעדים נשמרו בהצלחה!',
    goalsSaveFailed: 'שגיאה בשמירת היעדים',
    deleted: 'הסטטוס נמחק בהצלחה!',
    deleteFailed: 'שגיאה במחיקת סטטוס',
    chartActualVsGoal: 'בפועל מול יעד בחודש',
    chartDaily: 'פעילות יומית בחודש',
    fieldLabel: (metric: string, date: string) => `${metric} ב-${date}`,
  },
  /** What each chart says to assistive technology: its series in words, then the figures it draws. */
  charts: {
    actualVsGoal: (items: string[]) => `תרשים עמודות, בפועל מול יעד לכל מדד. ${items.join('; ')}.`,
    actualVsGoalItem: (metric: string, actual: string, goal: string | null) =>
      `${metric}: ${actual} בפועל, ${goal === null ? 'ללא יעד' : `יעד ${goal}`}`,
    daily: (days: number, totals: string[]) =>
      `תרשים עמודות מוערמות, הפעילות בכל יום בחודש לפי מדד. ${plural(days, { one: 'יום אחד עם פעילות', two: 'יומיים עם פעילות', other: '{n} ימים עם פעילות' })}. סך החודש: ${totals.join(', ')}.`,
    dailyEmpty: 'תרשים עמודות של הפעילות בכל יום בחודש: לא נרשמה פעילות.',
    figure: (label: string, value: string) => `${label} ${value}`,
    agents: (items: string[]) => `תרשים עמודות, ניקוד החודש לכל סוכן: ${items.join(', ')}.`,
  },
  agents: {
    title: 'סקירת סוכנים',
    search: 'חיפוש סוכן לפי שם',
    count: (n: number) => plural(n, { one: 'משתמש אחד', other: '{n} משתמשים' }),
    none: 'אין משתמשים',
    imageAlt: (name: string) => `תמונה של ${name}`,
    personal: 'מדדים אישיים',
    goals: 'הגדרת יעדים',
    daily: 'הזנת סטטוס יומי',
    loadFailed: 'משהו השתבש, נסה שוב',
  },
  goals: {
    title: 'יעדים חודשיים',
    titleFor: (name: string) => `יעדים חודשיים – ${name}`,
    noAgent: 'לא נבחר סוכן!',
    submit: 'שמירת יעד',
    created: 'היעד נוצר בהצלחה!',
    updated: 'היעד עודכן בהצלחה!',
    createFailed: 'שגיאה ביצירת יעד',
    existing: 'קיים יעד לחודש זה: השמירה תעדכן אותו.',
  },
  branchGoal: {
    title: 'יעד חודשי לסניף',
    titleFor: (name: string) => `יעד חודשי – ${name}`,
    own: 'יעד הסניף שקבעה הנהלת הרשת',
    none: 'לא נקבע יעד לסניף לחודש זה: לוח הרשת סופר את סכום יעדי הסוכנים.',
    agentsSum: (agents: number) =>
      agents === 0
        ? 'לאף סוכן בסניף אין יעד לחודש זה.'
        : agents === 1
          ? 'יעד של סוכן אחד בסניף לחודש זה:'
          : `סכום יעדי ${agents} הסוכנים בסניף לחודש זה:`,
    setByNetwork: 'את יעד הסניף קובעת הנהלת הרשת; יעדי הסוכנים נקבעים בעמוד הסוכנים.',
    submit: 'שמירת יעד הסניף',
    saved: 'יעד הסניף נשמר',
    clear: 'ביטול יעד הסניף',
    cleared: 'יעד הסניף בוטל: הרשת סופרת את סכום יעדי הסוכנים',
    failed: 'שמירת יעד הסניף נכשלה',
    notFound: 'הסניף לא נמצא',
    value: 'יעד',
    link: (branch: string) => `יעד החודש – ${branch}`,
  },
  office: {
    title: 'ביצועי המשרד',
    company: 'ביצועי החברה',
    empty: 'אין נתוני ביצועים להצגה',
    companyIsSum: 'שורת החברה היא סכום טבלאות הסוכנים שלהלן.',
    inactiveNote: 'סוכן שהושבת נספר בחודשים שבהם יש לו סטטוסים או יעד, כדי שנתוני החודש לא ישתנו בדיעבד.',
    inactiveTitle: (name: string, gender: Gender) =>
      `${name} (${gendered(gender, { male: 'לא פעיל כעת', female: 'לא פעילה כעת' })})`,
    chart: 'השוואת סוכנים: ניקוד החודש',
    chartScore: 'ניקוד',
  },
  ranking: {
    title: 'דירוג סוכנים',
    rulesTitle: 'חוקי הניקוד',
    rules: scoringRules(),
    podium: 'שלושת המובילים',
    points: (n: number) => plural(n, { one: '{n} נקודה', other: '{n} נקודות' }),
    place: (n: number) => `מקום ${n}`,
    fullRanking: 'לדירוג המלא',
    last: 'מקום אחרון',
    secondToLast: 'מקום לפני אחרון',
    empty: 'אין סוכנים לדירוג',
    nobodyScored: 'אף סוכן לא צבר נקודות בחודש זה',
    /** "3 בסניף חיפה, 11 ברשת": a name that already says what it is (סניף..., משרד...) takes ב alone. */
    places: (branchRank: number, branchName: string, networkRank: number) =>
      `${branchRank} ${/^(סניף|משרד)\s/.test(branchName) ? `ב${branchName}` : `בסניף ${branchName}`}, ${networkRank} ברשת`,
    myPlaces: (places: string) => `המקום שלך: ${places}`,
    branchChoice: 'סניף',
    wholeNetwork: 'כל הרשת',
  },
} as const;
