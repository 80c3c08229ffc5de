import { COMPANY_ROLES } from '@shared/domain/roles';
import type { User } from '@shared/schemas/user';
import { describe, expect, it } from 'vitest';
import { sideNavItems } from './side-nav-items';

const user = (overrides: Partial<User>): User => ({
  _id: 'u1',
  name: 'n',
  email: 'e@x.co',
  phone_number: '',
  officePhone: false,
  role: 'agent',
  gender: 'male',
  companyRole: null,
  image: null,
  aboutMe: '',
  branch: { _id: 'b1', name: 'משרד ראשי', slug: 'main' },
  active: true,
  networkAccess: false,
  showOnSite: true,
  showPhone: true,
  ...overrides,
});
const labels = (u: User) => sideNavItems(u).map((i) => i.label);

describe('side navigation items', () => {
  it('a pure admin gets the admin items and no personal ones', () => {
    const items = labels(user({ role: 'admin', networkAccess: true }));
    expect(items).toEqual(
      expect.arrayContaining([
        'סקירת סוכנים',
        'נכס חדש',
        'ביצועי המשרד',
        'דירוג סוכנים',
        'לידים',
        'הגדרות לידים',
      ]),
    );
    expect(items).not.toContain('מדדים אישיים');
    expect(items).not.toContain('דוח קשר אישי');
  });
  it('an agent gets the personal items and no admin ones', () => {
    const items = labels(user({ role: 'agent' }));
    expect(items).toEqual(expect.arrayContaining(['מדדים אישיים', 'דוח קשר אישי', 'דירוג סוכנים']));
    expect(items).not.toContain('סקירת סוכנים');
    // The pipeline: the agent's day and its own leads (the inquiries are leads now), not the settings.
    expect(items).toEqual(expect.arrayContaining(['היום שלי', 'לידים']));
    expect(items).not.toContain('הגדרות לידים');
    expect(items).not.toContain('סניפים');
    // Referrals are decided by managers (an agent refers its own lead from the lead page).
    expect(items).not.toContain('הפניות');
  });
  it('an admin who is a leading consultant or CTO manager gets both', () => {
    for (const companyRole of [COMPANY_ROLES.leadingConsultant, COMPANY_ROLES.ctoManager]) {
      const items = labels(user({ role: 'admin', companyRole }));
      expect(items).toContain('סקירת סוכנים');
      expect(items).toContain('מדדים אישיים');
    }
  });
  it("every staff member gets the list of the branch's and the network's shared properties", () => {
    for (const u of [
      user({ role: 'agent' }),
      user({ role: 'admin' }),
      user({ role: 'admin', networkAccess: true }),
    ]) {
      const item = sideNavItems(u).find((i) => i.label === 'נכסי הסניף והרשת');
      expect(item?.to).toBe('/StaffProperties');
    }
  });
  it('the personal report links to the user own id', () => {
    const report = sideNavItems(user({ _id: 'abc' })).find((i) => i.label === 'דוח קשר אישי');
    expect(report?.to).toBe('/NewReportContact/abc');
  });
  it('a network admin gets the network pages; a branch manager none that the server refuses her', () => {
    const network = labels(user({ role: 'admin', networkAccess: true }));
    expect(network).toEqual(
      expect.arrayContaining(['הגדרות המשרד', 'יומן שינויים', 'משתמשים', 'הגדרות לידים']),
    );
    const manager = labels(user({ role: 'admin', networkAccess: false }));
    expect(manager).not.toContain('הגדרות המשרד');
    expect(manager).not.toContain('יומן שינויים');
    // Her branch's people and the agents' availability stay hers.
    expect(manager).toEqual(
      expect.arrayContaining(['משתמשים', 'סניפים', 'הפניות', 'הגדרות לידים', 'סקירת סוכנים']),
    );
    // An agent never has network access, whatever the flag says.
    expect(labels(user({ role: 'agent', networkAccess: true }))).not.toContain('הגדרות המשרד');
  });
  it("only a branch manager gets her branch's dues to the network; network admins read them on /Network", () => {
    const dues = sideNavItems(user({ role: 'admin', networkAccess: false })).find(
      (i) => i.label === 'התשלומים לרשת',
    );
    expect(dues?.to).toBe('/BranchDues');
    expect(labels(user({ role: 'admin', networkAccess: true }))).not.toContain('התשלומים לרשת');
    expect(labels(user({ role: 'agent' }))).not.toContain('התשלומים לרשת');
    expect(labels(user({ role: 'agent', networkAccess: true }))).not.toContain('התשלומים לרשת');
  });
});
