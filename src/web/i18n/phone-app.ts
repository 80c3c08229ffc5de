import { type Gender, gendered } from '@shared/domain/gender';
import { formatDate } from '@shared/domain/israel-time';
import { plural } from '@shared/domain/plural';

const time = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
});
/** '12.3.2026, 14:05' in Israel time. */
export const formatDateTime = (at: Date) => `${formatDate(at)}, ${time.format(at)}`;

/** Texts of the installed app: offline work, notifications, the install hint and the bottom bar. */
export const phoneApp = {
  offline: {
    banner: 'אין חיבור לרשת.',
    copyFrom: (at: Date) => `מוצגים הנתונים שנשמרו במכשיר, מעודכנים ל־${formatDateTime(at)}.`,
    noCopy: 'מה שנרשם עכשיו נשמר במכשיר ויישלח כשהחיבור יחזור.',
  },
  pending: {
    title: 'רשומות במכשיר',
    waiting: 'ממתין לשליחה',
    refused: 'נדחה',
    refusedBecause: (message: string) => `נדחה: ${message}`,
    savedOffline: 'אין חיבור: הסטטוס נשמר במכשיר ויישלח כשהחיבור יחזור.',
    activitySavedOffline: 'אין חיבור: הפעילות נשמרה במכשיר ותישלח כשהחיבור יחזור.',
    activitiesTitle: 'פעילויות שנשמרו במכשיר',
    sentLater: (n: number) =>
      plural(n, { one: 'רשומה אחת שחיכתה במכשיר נשלחה.', other: '{n} רשומות שחיכו במכשיר נשלחו.' }),
    sendNow: 'לשלוח עכשיו',
    fix: 'לתקן',
    discard: 'למחוק',
    discardConfirm: 'למחוק את הרשומה מהמכשיר? היא לא תישלח.',
    discarded: 'הרשומה נמחקה מהמכשיר',
    fixing: 'הרשומה הועברה לטופס לתיקון',
    summary: (date: string) => `סטטוס ליום ${formatDate(date)}`,
  },
  logout: {
    pendingConfirm: (n: number) =>
      plural(n, {
        one: 'רשומה אחת עוד ממתינה לשליחה. ביציאה היא תימחק מהמכשיר. לצאת בכל זאת?',
        other: '{n} רשומות עוד ממתינות לשליחה. ביציאה הן יימחקו מהמכשיר. לצאת בכל זאת?',
      }),
    confirm: 'לצאת ולמחוק',
  },
  notifications: {
    title: 'התראות לטלפון',
    intro:
      'התראה מגיעה כשפנייה חדשה מגיעה אליך, כשפנייה מועברת אליך, כשמגיע מועד לחזור ללקוח, וב־18:00 אם הסטטוס היומי עוד לא הוזן. בין 21:00 ל־08:00, בשבת ובחג ההתראות ממתינות לבוקר.',
    thisDevice: 'במכשיר הזה',
    on: 'ההתראות פועלות במכשיר הזה',
    off: 'ההתראות כבויות במכשיר הזה',
    turnOn: 'להפעיל התראות במכשיר הזה',
    turnOff: 'לכבות התראות במכשיר הזה',
    turnedOn: 'ההתראות הופעלו במכשיר הזה',
    turnedOff: 'ההתראות כובו במכשיר הזה',
    test: 'לשלוח התראת ניסיון',
    testSent: 'התראת ניסיון נשלחה',
    denied: 'הדפדפן חוסם התראות מהאתר. אפשר לאשר אותן בהגדרות האתר בדפדפן ולנסות שוב.',
    unsupported:
      'הדפדפן הזה אינו תומך בהתראות. באייפון ובאייפד יש להוסיף את האפליקציה למסך הבית ולפתוח אותה משם.',
    failed: 'לא הצלחנו להפעיל התראות במכשיר הזה, נסו שוב',
    kindsTitle: 'על מה לקבל התראה',
    kinds: {
      leadAssigned: 'פנייה חדשה שהועברה אליי',
      leadEscalated: 'פנייה שהוסלמה אליי',
      nextTouchDue: 'הגיע מועד לחזור ללקוח',
      dailyEntryMissing: 'תזכורת ב־18:00 אם הסטטוס היומי לא הוזן (בימי עבודה)',
    },
    saved: 'הבחירה נשמרה',
    devicesTitle: 'מכשירים עם התראות',
    noDevices: 'אין עדיין מכשירים עם התראות',
    deviceAdded: (at: string) => `נוסף ב־${formatDate(at)}`,
    unknownDevice: 'מכשיר',
    removeDevice: (label: string) => `הסרת ${label}`,
    removed: 'המכשיר הוסר',
    devicesCount: (n: number, max: number) => `${n} מתוך ${max} מכשירים`,
  },
  install: {
    title: 'האפליקציה במסך הבית',
    intro: (gender: Gender | null | undefined) =>
      `אפשר להתקין את אזור הסוכנים כאפליקציה: היא נפתחת ישר לעבודה, ${gendered(gender, { male: 'אתה מקבל', female: 'את מקבלת' })} בה התראות, והסטטוס היומי נשמר גם בלי קליטה.`,
    button: 'להתקין את האפליקציה',
    installed: 'האפליקציה מותקנת במכשיר הזה',
    iosTitle: 'באייפון ובאייפד (Safari)',
    iosSteps: [
      'לפתוח את האתר ב־Safari',
      'להקיש על כפתור השיתוף (ריבוע עם חץ למעלה)',
      'לבחור "הוספה למסך הבית" ולאשר',
      'לפתוח את האפליקציה מהסמל במסך הבית ולהפעיל בה התראות',
    ],
    androidTitle: 'באנדרואיד (Chrome)',
    androidSteps: ['לפתוח את תפריט הדפדפן (שלוש הנקודות)', 'לבחור "התקנת האפליקציה" או "הוספה למסך הבית"'],
  },
  bottomBar: {
    label: 'ניווט מהיר',
    profile: 'פרופיל',
    daily: 'סטטוס יומי',
    myDay: 'היום שלי',
    leads: 'לידים',
    ranking: 'דירוג',
    agents: 'סוכנים',
    menu: 'תפריט',
  },
} as const;
