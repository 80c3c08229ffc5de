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
  /** The staff list of properties (/StaffProperties): the branch's own and the network's shared ones. */
  list: {
    title: 'נכסי הסניף והרשת',
    nav: 'נכסי הסניף והרשת',
    which: 'אילו נכסים להציג',
    choices: { all: 'הכל', own: 'של הסניף', shared: 'משותפים מהרשת' },
    loading: 'טוענים את הנכסים...',
    loadFailure: 'לא הצלחנו לטעון את הנכסים. נסו שוב.',
    empty: {
      all: 'אין עדיין נכסים להצגה.',
      own: 'אין לסניף נכסים ברשימה.',
      shared: 'אין כרגע נכסים שסניפים אחרים שיתפו עם הרשת.',
    },
    results: 'הנכסים',
    sharedByUs: 'משותף עם הרשת',
    callAgent: (name: string, phone: string) => `התקשרות אל ${name} ${phone}`,
    noAgent: 'לנכס אין סוכן: פנו למשרד הסניף.',
    pages: 'ניווט בין עמודי הנכסים',
    prev: 'הקודם',
    next: 'הבא',
    page: (page: number) => `עמוד ${page}`,
  },
};
