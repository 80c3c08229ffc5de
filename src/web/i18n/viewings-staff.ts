/** Texts of the agent's viewings on /MyDay (signed-in only: not in the visitor's catalogue). */
export const viewingsStaff = {
  title: 'ביקורים בנכסים',
  empty: 'אין ביקורים בשבועיים הקרובים.',
  loadFailure: 'לא הצלחנו לטעון את הביקורים. נסו לרענן את הדף.',
  status: { requested: 'ממתין לאישור', confirmed: 'נקבע', done: 'התקיים' } as Record<string, string>,
  confirmAt: (when: string) => `אישור ל־${when}`,
  cancel: 'ביטול הביקור',
  confirmed: 'הביקור אושר',
  cancelled: 'הביקור בוטל',
  failure: 'הפעולה לא הצליחה. נסו שוב.',
} as const;
