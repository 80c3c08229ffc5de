// The alerts' subscription words without zod: the listing pages' form posted without JavaScript loads them.

/**
 * The consent box's exact wording (unticked by default). The server refuses a subscription that shows any other
 * wording and stores this text with the time and IP address of the consent (Communications Law, section 30A).
 */
export const ALERTS_CONSENT_TEXT =
  'ברצוני לקבל בדוא"ל עדכונים על נכסים חדשים ועל הורדות מחיר שמתאימים לחיפושים ולמועדפים שלי, ולקבל פנייה מסוכן של המשרד לגבי נכסים מתאימים. ידוע לי שאפשר להסיר את ההרשמה בכל עת בקישור שבכל הודעה.';

export const ALERT_FREQUENCIES = ['immediate', 'daily'] as const;
