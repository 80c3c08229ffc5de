import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Today in Israel (YYYY-MM-DD) and its year and month. */
export const todayIsrael = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
export const thisMonth = () => {
  const [year, month] = todayIsrael().split('-').map(Number) as [number, number];
  return { year, month };
};

const LETTERS = 'אבגדהוזחטיכלמנסעפצקרשת';
/** A short random Hebrew tag: a test's people get names of their own that read naturally in screenshots. */
export const hebrewTag = () =>
  Array.from({ length: 4 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');

export type Person = { id: string; name: string; email: string; password: string };

/** A new user created through the admin API (the request must carry an admin's cookie). */
export async function createPerson(
  request: APIRequestContext,
  role: 'agent' | 'admin',
  fields: { name?: string; companyRole?: string; gender?: 'male' | 'female'; branchId?: string } = {},
): Promise<Person> {
  const tag = Math.random().toString(36).slice(2, 8);
  const name = fields.name ?? `${role === 'agent' ? 'סוכנת' : 'מנהלת'} ${hebrewTag()}`;
  // The password shares nothing with the name or e-mail (a password containing them is refused).
  const secret = Math.random().toString(36).slice(2, 10);
  const person = { name, email: `${role}-${tag}@example.com`, password: `harbor-lamp-${secret}` };
  const res = await request.post('/api/v1/users', {
    data: {
      ...person,
      phone_number: '052-555-0000',
      role,
      companyRole: fields.companyRole ?? '',
      // The default names are women's ('סוכנת ...'); a named person is a man unless the test says otherwise.
      gender: fields.gender ?? (fields.name ? 'male' : 'female'),
      // Left out: the branch of the admin who adds them.
      ...(fields.branchId ? { branchId: fields.branchId } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...person, id: (await res.json()).data.user._id as string };
}

/** Signs this person in through the API: the cookie is the page's from now on. */
export async function signInAsPerson(page: Page, person: Person) {
  const res = await page.request.post('/api/v1/users/login', {
    data: { email: person.email, password: person.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

type Counts = Partial<
  Record<'meetings' | 'exclusives' | 'priceUpdates' | 'buyerTours' | 'priceOffers' | 'deals', number>
>;

/** The agent's goal for this month (admin cookie). */
export async function setGoal(request: APIRequestContext, agentId: string, counts: Counts) {
  const res = await request.post('/api/v1/goals', { data: { agent: agentId, ...thisMonth(), ...counts } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A daily status of the agent for a day of this month (admin cookie). */
export async function addDailyStatus(
  request: APIRequestContext,
  agentId: string,
  counts: Counts,
  day = todayIsrael(),
) {
  const res = await request.post('/api/v1/indicators', {
    data: { agent: [agentId], createdAt: day, ...counts },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.indicator._id as string;
}

/** Waits until the page has its heading and nothing is loading any more. */
export async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** How far the page is wider than the window (0 when nothing sticks out sideways). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
