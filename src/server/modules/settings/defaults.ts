import type { AgencySettings } from '@shared/schemas/settings';

/** The agency's details until an admin edits them (the demo agency uses the same values). */
export const DEFAULT_SETTINGS: AgencySettings = {
  agencyName: 'LINK נדל"ן',
  phone: '03-555-1234',
  email: 'office@example.com',
  address: 'דרך מנחם בגין 125',
  city: 'תל אביב-יפו',
  officeHours: 'ימים א׳-ה׳, 9:00-16:00',
  whatsappPhone: '050-555-1234',
  facebookUrl: 'https://www.facebook.com/',
  instagramUrl: 'https://www.instagram.com/',
  investorSiteUrl: 'https://example.com/investors',
  story:
    'LINK נדל"ן נולדה מתוך אמונה שקנייה ומכירה של נכס צריכות להיות חוויה בטוחה, שקופה ואישית.\n\nמאז הקמתה ליווינו מאות משפחות, משקיעים ויזמים בעסקאות מכירה, קנייה והשכרה, עם צוות יועצים שמכיר כל שכונה, כלים טכנולוגיים מתקדמים וליווי מלא עד מסירת המפתח.',
  founders: [
    {
      name: 'יואב כהן',
      phone: '050-300-0003',
      image: '',
      text: 'מייסד ומנכ"ל. עשרים שנות ניסיון בשיווק פרויקטים, בהשקעות ובליווי עסקאות מורכבות.',
    },
    {
      name: 'מיכל אברהם',
      phone: '054-400-0004',
      image: '',
      text: 'מייסדת שותפה ומנכ"לית הרשת. מובילה את צמיחת הסניפים ואת תרבות השירות של החברה.',
    },
  ],
  media: {
    introVideo: '/media/intro.mp4',
    introPoster: '/media/intro-poster-1600.webp',
    agentsVideo: '/media/agents.mp4',
    agentsPoster: '/media/agents-poster.webp',
    offersImage: '/media/offers.webp',
  },
  accessibility: {
    coordinatorName: 'רכזת הנגישות של המשרד',
    coordinatorPhone: '03-555-1234',
    coordinatorEmail: 'office@example.com',
    lastChecked: '2026-11-23',
    tested:
      'כל עמודי האתר הציבוריים (דף הבית, נכסים למכירה ולהשכרה, דף נכס, אודות, מסלולי השקעה, דרושים וקנייה, מכירה והשכרה) נבדקו במחשב וברוחב של טלפון נייד (390 פיקסלים).\n\nהבדיקה כללה ניווט במקלדת בלבד (סדר המיקוד, מיקוד גלוי, יציאה מכל חלון ותפריט), בדיקה אוטומטית בכלי axe לכל דרגות החומרה, הגדלת טקסט עד 200%, בדיקת ניגודיות צבעים, והעדפת הפחתת תנועה של מערכת ההפעלה. האתר נבנה בעברית ומימין לשמאל, עם כותרות, תוויות לשדות והודעות שגיאה מוקראות.',
    limitations:
      'תמונות נכסים שמעלים הסוכנים מתוארות לפי סוג הנכס, הכתובת ומספר התמונה, ולא לפי תוכנן.\n\nהסרטונים בדף הבית אינם כוללים כתוביות ותיאור קולי; הם מציגים את המשרד ואינם מוסרים מידע שאינו כתוב גם בעמוד.',
  },
  // Israeli holidays are days off unless the agency says it works through them (decision 0019).
  excludeHolidays: true,
  themeColor: '#1f3b57',
};
