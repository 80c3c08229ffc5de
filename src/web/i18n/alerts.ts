import { plural } from '@shared/domain/plural';
import { ltr, subscribe } from './subscribe';

/** Texts of the favourites page, the save-search dialog, a visitor's private link and the agents' matches. */
export const alerts = {
  favourites: {
    title: 'המועדפים שלי',
    added: 'הנכס נשמר במועדפים',
    removed: 'הנכס הוסר מהמועדפים',
    full: (max: number) =>
      `אפשר לשמור עד ${max.toLocaleString('he-IL')} נכסים במועדפים. הסירו נכס כדי להוסיף אחר.`,
    recentTitle: 'נכסים שצפיתם בהם לאחרונה',
    recentCount: (n: number) => plural(n, { one: 'נכס אחד', other: '{n} נכסים' }),
    intro: 'הנכסים שסימנתם בלב נשמרים בדפדפן הזה, בלי הרשמה.',
    count: (n: number) => plural(n, { one: 'נכס אחד שמור', other: '{n} נכסים שמורים' }),
    empty: 'עדיין לא שמרתם נכסים. לחצו על הלב שבכרטיס של נכס כדי לשמור אותו כאן.',
    toSale: 'לנכסים למכירה',
    toRent: 'לנכסים להשכרה',
    remove: (address: string) => `הסרה מהמועדפים: ${address}`,
    removeShort: 'הסרה',
    sold: 'נמכר',
    rented: 'הושכר',
    deleted: 'הוסר מהאתר',
    unknown: 'לא ניתן לבדוק כרגע',
    listLabel: 'הנכסים השמורים',
  },
  subscribe,
  myAlerts: {
    title: 'העדכונים שלי',
    openListings: 'לנכסים שמתאימים לחיפוש',
    /** How many listings match a saved search now (its listing page's count). */
    matches: (n: number, capped = false) =>
      capped
        ? `יותר מ-${n.toLocaleString('he-IL')} נכסים תואמים`
        : n === 0
          ? 'אין כרגע נכסים תואמים'
          : plural(n, { one: 'נכס אחד תואם', other: '{n} נכסים תואמים' }),
    hello: (name: string) => `שלום ${name}`,
    loading: 'טוען את הפרטים...',
    confirmed: 'ההרשמה אושרה: מעכשיו נשלח אליכם עדכונים',
    notFoundTitle: 'הקישור אינו תקף',
    notFoundText:
      'ייתכן שהקישור בוטל, שהפרטים נמחקו או שהוא הועתק חלקית. אפשר לשמור חיפוש או מועדפים מחדש בכל עת.',
    loadFailure: 'לא הצלחנו לטעון את הפרטים. נסו לרענן.',
    phoneOnly: (phone: string) =>
      `נרשמתם עם טלפון נייד בלבד (${phone}): סוכן מהמשרד יחזור אליכם, אבל עדכונים על נכסים נשלחים רק במייל, ולכן לא יישלחו אליכם.`,
    addEmailTitle: 'הוספת מייל לקבלת עדכונים',
    addEmailIntro:
      'השאירו כתובת מייל ונשלח אליה קישור לאישור. אחרי האישור יתחילו העדכונים, והקישור שבמייל יהיה הקישור האישי שלכם מעתה.',
    addEmailSubmit: 'שליחת קישור לאישור',
    addEmailSent: (email: string) =>
      `שלחנו מייל אל ${ltr(email)}. לחצו על הקישור שבו כדי לאשר: העדכונים יתחילו רק אחרי האישור, והחיפושים והמועדפים יעברו איתכם.`,
    phoneOnlyHow: 'אפשר להשהות כל חיפוש בנפרד, או למחוק את כל הפרטים (גם את הפנייה לסוכן).',
    unconfirmed: 'עדיין לא אישרתם את ההרשמה: חפשו אצלכם מייל עם קישור לאישור. עד האישור לא יישלחו עדכונים.',
    unsubscribedNote: 'הסרתם את ההרשמה: לא יישלחו אליכם עדכונים.',
    searchesTitle: 'החיפושים השמורים',
    noSearches: 'אין חיפושים שמורים.',
    favouritesTitle: 'המועדפים',
    noFavourites: 'אין נכסים במועדפים.',
    addBrowserFavourites: (n: number) =>
      plural(n, {
        one: 'יש בדפדפן הזה נכס מועדף אחד שלא נשמר בקישור. להוסיף אותו?',
        other: 'יש בדפדפן הזה {n} נכסים מועדפים שלא נשמרו בקישור. להוסיף אותם?',
      }),
    addThem: 'הוספה לקישור',
    favouritesSaved: 'המועדפים נשמרו',
    paused: 'מושהה',
    pause: 'השהיה',
    resume: 'חידוש',
    edit: 'עריכה',
    delete: 'מחיקה',
    deleteSearchConfirm: (sentence: string) => `למחוק את החיפוש "${sentence}"?`,
    searchDeleted: 'החיפוש נמחק',
    searchPaused: 'החיפוש הושהה',
    searchResumed: 'החיפוש חודש',
    searchSaved: 'החיפוש עודכן',
    editTitle: 'עריכת החיפוש',
    save: 'שמירה',
    settingsTitle: 'הגדרות',
    frequencySaved: 'התדירות עודכנה',
    unsubscribeHow:
      'אפשר להשהות כל חיפוש בנפרד, להפסיק כאן את כל העדכונים (או בקישור "הסרה מרשימת התפוצה" בתחתית כל מייל), או למחוק את כל הפרטים.',
    unsubscribe: 'הפסקת כל העדכונים',
    unsubscribeConfirm: 'להפסיק לשלוח אליכם עדכונים על נכסים? החיפושים והמועדפים יישארו שמורים בקישור הזה.',
    unsubscribed: 'הוסרתם מרשימת התפוצה, ולא יישלחו אליכם עוד עדכונים',
    deleteData: 'מחיקת כל הפרטים שלי',
    deleteDataConfirm:
      'למחוק את השם, פרטי הקשר, החיפושים והמועדפים השמורים? הקישור יפסיק לעבוד, ואי אפשר לבטל את המחיקה.',
    dataDeleted: 'כל הפרטים שלכם נמחקו',
    failure: 'הפעולה נכשלה. נסו שוב.',
    typeLabel: 'סוג עסקה',
    types: { sale: 'מכירה', rent: 'השכרה' },
    city: 'עיר',
    category: 'סוג נכס',
    anyCategory: 'כל סוג',
    minRooms: 'מינימום חדרים',
    maxRooms: 'מקסימום חדרים',
    minPrice: 'מחיר מינימלי (₪)',
    maxPrice: 'מחיר מקסימלי (₪)',
    features: 'מאפיינים',
  },
  matches: {
    buyersTitle: 'קונים מתאימים',
    buyersEmpty: 'אין כרגע קונים שהנכס מתאים לדרישות שלהם.',
    propertiesTitle: 'נכסים מתאימים',
    propertiesEmpty: 'אין כרגע נכסים שמתאימים לדרישות.',
    noRequirements: 'לאיש הקשר אין דרישות קנייה שמורות.',
    loading: 'טוען התאמות...',
    loadFailure: 'לא הצלחנו לטעון את ההתאמות.',
    hiddenContact: 'פרטי הקשר גלויים לסוכן של הנכס',
    openLead: 'לליד',
    paused: 'מושהה',
    since: (date: string) => `מאז ${date}`,
    count: (n: number) => plural(n, { one: 'קונה אחד', other: '{n} קונים' }),
    propertyCount: (n: number) => plural(n, { one: 'נכס אחד', other: '{n} נכסים' }),
  },
} as const;
