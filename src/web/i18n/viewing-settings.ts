/** Blocked times for viewings: the agent's (on /MyDay) and the seller's (on the property's edit card). */
export const viewingBlocksTexts = {
  agentTitle: 'זמנים חסומים לביקורים',
  sellerTitle: 'זמנים שהמוכר ביקש לחסום',
  none: 'אין זמנים חסומים.',
  span: (from: string, to: string) => `${from} – ${to}`,
  from: 'חסום מ־',
  to: 'עד',
  note: 'סיבה (לא חובה)',
  add: 'הוספת זמן חסום',
  remove: 'הסרה',
  removeOne: (when: string) => `הסרת החסימה מ־${when}`,
  added: 'הזמן נחסם לביקורים',
  removed: 'החסימה הוסרה',
  required: 'יש לבחור תאריך ושעה',
  failure: 'הפעולה לא הצליחה. נסו שוב.',
  loadFailure: 'לא הצלחנו לטעון את הזמנים החסומים. נסו לרענן את הדף.',
};

/** A property's viewing settings on its edit card. */
export const viewingSettingsTexts = {
  title: 'ביקורים',
  mode: 'אופן קביעת ביקור',
  request: 'לפי בקשה: המבקר מציע מועדים והסוכן מאשר',
  instant: 'מיידי: המבקר בוחר מועד פנוי והביקור נקבע',
  capacity: 'מספר מבקרים בכל מועד (יותר מ־1: בית פתוח)',
  slotMinutes: 'אורך ביקור בדקות',
  save: 'שמירת הגדרות הביקור',
  saved: 'הגדרות הביקור נשמרו',
  loadFailure: 'לא הצלחנו לטעון את הגדרות הביקור.',
  failure: 'השמירה לא הצליחה. נסו שוב.',
};
