import type { BranchBroker } from '../../db/schema/branches';

export type DemoBranchKey = 'telAviv' | 'herzliya' | 'haifa';

export type DemoBranch = {
  name: string;
  slug: string;
  city: string;
  address: string;
  phone: string;
  email: string;
  openingHours: string;
  legalEntity: string;
  brokers: BranchBroker[];
  /** The listing cities the branch covers in the demo (its agents hold the listings there). */
  cities: string[];
};

/**
 * The demo network (issue 33): a head office in Tel Aviv (the branch the migration made, renamed), a branch in
 * Herzliya and a franchise in Haifa. Addresses, phones and licence numbers are made up for the demo.
 */
export const DEMO_BRANCHES: Record<DemoBranchKey, DemoBranch> = {
  telAviv: {
    name: 'משרד ראשי תל אביב',
    slug: 'tel-aviv',
    city: 'תל אביב-יפו',
    address: 'דרך מנחם בגין 125, תל אביב-יפו',
    phone: '03-555-1234',
    email: 'office@example.com',
    openingHours: 'ימים א׳-ה׳, 9:00-18:00',
    legalEntity: 'לינק נדל"ן בע"מ',
    brokers: [{ name: 'יואב כהן', licenceNumber: '3012345' }],
    cities: ['תל אביב-יפו', 'רמת גן', 'ירושלים'],
  },
  herzliya: {
    name: 'סניף הרצליה',
    slug: 'herzliya',
    city: 'הרצליה',
    address: 'סוקולוב 40, הרצליה',
    phone: '09-955-1234',
    email: 'herzliya@example.com',
    openingHours: 'ימים א׳-ה׳, 9:00-17:00',
    legalEntity: 'לינק נדל"ן בע"מ',
    brokers: [{ name: 'נועה ביטון', licenceNumber: '3023456' }],
    cities: ['הרצליה', 'נתניה'],
  },
  haifa: {
    name: 'סניף חיפה',
    slug: 'haifa',
    city: 'חיפה',
    address: 'שדרות הנשיא 120, חיפה',
    phone: '04-855-1234',
    email: 'haifa@example.com',
    openingHours: 'ימים א׳-ה׳, 9:00-17:00, ו׳ 9:00-12:00',
    legalEntity: 'מזרחי נכסים בכרמל בע"מ (זכיין)',
    brokers: [{ name: 'אבי מזרחי', licenceNumber: '3034567' }],
    cities: ['חיפה'],
  },
};
