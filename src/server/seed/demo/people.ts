import type { Gender } from '@shared/domain/gender';
import { COMPANY_ROLES, FEMININE_COMPANY_ROLES } from '@shared/domain/roles';
import type { DemoBranchKey } from './branches';

export type DemoPerson = {
  name: string;
  email: string;
  phone: string;
  role: 'admin' | 'agent';
  gender: Gender;
  companyRole: string | null;
  aboutMe: string;
  branch: DemoBranchKey;
  /** An admin who manages every branch (the head office's); the others manage their own branch. */
  networkAccess?: boolean;
};

/**
 * The demo team: the two documented sign-ins first, then every companyRole of the spec. The head office's admins
 * manage the network; the Haifa franchisee manages the Haifa branch only.
 */
export const DEMO_PEOPLE: DemoPerson[] = [
  {
    name: 'מנהל המערכת',
    email: 'admin@example.com',
    phone: '050-100-0001',
    role: 'admin',
    gender: 'male',
    companyRole: null,
    aboutMe: 'מנהל מערכת המשרד.',
    branch: 'telAviv',
    networkAccess: true,
  },
  {
    name: 'דנה לוי',
    email: 'agent@example.com',
    phone: '052-200-0002',
    role: 'agent',
    gender: 'female',
    companyRole: FEMININE_COMPANY_ROLES[COMPANY_ROLES.leadingConsultant]!,
    aboutMe:
      'יועצת נדל"ן מובילה עם עשר שנות ניסיון בשוק הדירות של גוש דן. מלווה קונים ומוכרים מהשיחה הראשונה ועד מסירת המפתח.',
    branch: 'telAviv',
  },
  {
    name: 'יואב כהן',
    email: 'ceo@example.com',
    phone: '050-300-0003',
    role: 'admin',
    gender: 'male',
    companyRole: COMPANY_ROLES.ceoFounder,
    aboutMe: 'מייסד החברה ומנכ"ל. יזם נדל"ן עם ניסיון של עשרים שנה בשיווק פרויקטים ובהשקעות.',
    branch: 'telAviv',
    networkAccess: true,
  },
  {
    name: 'מיכל אברהם',
    email: 'network@example.com',
    phone: '054-400-0004',
    role: 'admin',
    gender: 'female',
    companyRole: FEMININE_COMPANY_ROLES[COMPANY_ROLES.networkCeo]!,
    aboutMe: 'מנכ"לית הרשת, אחראית על צמיחת הסניפים ועל איכות השירות בכל משרדי הרשת.',
    branch: 'telAviv',
    networkAccess: true,
  },
  {
    name: 'רונית שמש',
    email: 'office@example.com',
    phone: '053-500-0005',
    role: 'admin',
    gender: 'female',
    companyRole: COMPANY_ROLES.officeManager,
    aboutMe: 'מנהלת המשרד. דואגת שכל לקוח יקבל מענה מהיר ומקצועי.',
    branch: 'telAviv',
    networkAccess: true,
  },
  {
    name: 'עומר פרץ',
    email: 'cto@example.com',
    phone: '058-600-0006',
    role: 'admin',
    gender: 'male',
    companyRole: COMPANY_ROLES.ctoManager,
    aboutMe: 'מנהל הטכנולוגיות של החברה, וגם מלווה עסקאות בעצמו.',
    branch: 'telAviv',
    networkAccess: true,
  },
  {
    name: 'אבי מזרחי',
    email: 'haifa@example.com',
    phone: '052-700-0007',
    role: 'admin',
    gender: 'male',
    companyRole: COMPANY_ROLES.haifaFranchisee,
    aboutMe: 'זכיין סניף חיפה. מכיר כל רחוב בכרמל ובמפרץ.',
    branch: 'haifa',
  },
  {
    name: 'נועה ביטון',
    email: 'noa@example.com',
    phone: '054-800-0008',
    role: 'agent',
    gender: 'female',
    companyRole: FEMININE_COMPANY_ROLES[COMPANY_ROLES.leadingConsultant]!,
    aboutMe: 'יועצת נדל"ן המתמחה בדירות גן ובפנטהאוזים במרכז.',
    branch: 'herzliya',
  },
  {
    name: 'איתי גולן',
    email: 'itai@example.com',
    phone: '050-900-0009',
    role: 'agent',
    gender: 'male',
    companyRole: 'סוכן נדל"ן',
    aboutMe: 'סוכן נדל"ן צעיר ונמרץ, מתמחה בהשכרות ובדירות להשקעה.',
    branch: 'haifa',
  },
];

export const DEMO_PASSWORD = 'demo1234';
