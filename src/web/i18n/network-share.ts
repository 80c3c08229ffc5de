/** A property shared with the network (docs/decisions/0052): the switch, and what another branch reads. */
export const networkShareTexts = {
  title: 'שיתוף עם הרשת',
  switchLabel: 'הנכס משותף עם הרשת',
  explain:
    'סניפים אחרים יראו את הנכס ברשימות ובהתאמות לקונים שלהם ויוכלו להציע אותו, בלי לשנות אותו ובלי פרטי הבעלים.',
  sharedOn: 'הנכס שותף עם הרשת',
  sharedOff: 'השיתוף עם הרשת הופסק',
  failure: 'השינוי לא נשמר. נסו שוב.',
  loadFailure: 'לא הצלחנו לטעון את מצב השיתוף.',
  readOnly: 'נכס של סניף אחר: אפשר להציע אותו לקונים שלכם, לא לשנות אותו. פרטי הבעלים אינם מוצגים.',
  callBranch: (branch: string) => `לתיאום: ${branch}`,
  agent: 'הסוכן של הנכס',
};
