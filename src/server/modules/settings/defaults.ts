import type { AgencySettings } from '@shared/schemas/settings';

/** The agency's details until an admin edits them (the demo agency uses the same values). */
export const DEFAULT_SETTINGS: AgencySettings = {
  agencyName: 'LINK נדל"ן',
  phone: '03-555-1234',
  email: 'office@example.com',
  address: 'דרך מנחם בגין 125',
  city: 'תל אביב-יפו',
  officeHours: 'ימים א׳-ה׳, 9:00-16:00',
  whatsappPhone: '050-555-1234',
  facebookUrl: 'https://www.facebook.com/',
  instagramUrl: 'https://www.instagram.com/',
  investorSiteUrl: 'https://example.com/investors',
};
