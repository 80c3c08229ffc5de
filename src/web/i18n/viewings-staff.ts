/** Texts of the agent's viewings on /MyDay (signed-in only: not in the visitor's catalogue). */
export const viewingsStaff = {
  title: 'ביקורים בנכסים',
  empty: 'אין ביקורים בשבועיים הקרובים.',
  loadFailure: 'לא הצלחנו לטעון את הביקורים. נסו לרענן את הדף.',
  status: { requested: 'ממתין לאישור', confirmed: 'נקבע', done: 'התקיים', no_show: 'לא התקיים' } as Record<
    string,
    string
  >,
  confirmAt: (when: string) => `אישור ל־${when}`,
  escalated: 'לא נענתה בזמן והועברה למנהל הסניף',
  order: {
    label: 'הזמנת שירותי תיווך',
    problem: (why: string) => `לא נשלחה עם האישור: ${why}`,
  },
  cancel: 'ביטול הביקור',
  confirmed: 'הביקור אושר',
  cancelled: 'הביקור בוטל',
  failure: 'הפעולה לא הצליחה. נסו שוב.',
  hours: {
    title: 'שעות לביקורים בנכסים',
    hint: 'באתר יוצעו למבקרים מועדים בשעות האלה בלבד, ולעולם לא בשבת, בחג או בערב חג אחרי 14:00.',
    weekdays: ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי', 'שישי', 'מוצאי שבת'],
    from: (day: string) => `${day}: משעה`,
    to: (day: string) => `${day}: עד שעה`,
    save: 'שמירת השעות',
    saved: 'שעות הביקורים נשמרו',
    loadFailure: 'לא הצלחנו לטעון את שעות הביקורים. נסו לרענן את הדף.',
    failure: 'השמירה לא הצליחה. נסו שוב.',
  },
} as const;
