/** Texts of the money screens (docs/money.md): a deal's statement. */
export const money = {
  statement: {
    show: 'פירוט העמלה',
    hide: 'הסתרת פירוט העמלה',
    title: 'פירוט העמלה',
    loading: 'טוען את פירוט העמלה…',
    failed: 'לא הצלחנו לטעון את פירוט העמלה',
    line: 'שורה',
    rule: 'החישוב',
    amount: 'סכום',
    total: 'סה"כ לתשלום, כולל מע"מ',
    signedOn: (date: string) => `לפי תוכנית העמלות והמע"מ שחלו ב-${date}`,
    rounding: 'הסכומים באגורות שלמות; השורות מסתכמות בדיוק בסך הכול.',
  },
} as const;
