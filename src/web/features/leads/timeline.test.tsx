import type { Activity } from '@shared/schemas/pipeline';
import type { User } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { fakeApi, json } from '@web/test/fake-api';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Timeline } from './timeline';

// jsdom has <dialog> without its modal methods: open and close it as a browser would.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const person = (id: string, name: string) => ({ _id: id, name });
const dealEntry: Activity = {
  _id: 'd1',
  leadId: 'l1',
  kind: 'deal',
  agent: person('a1', 'סוכנת א'),
  occurredAt: '2026-03-01T10:00:00.000Z',
  note: '',
  amount: null,
  price: 2_000_000,
  commission: 40_000,
  buyerSideFee: null,
  buyerSideFeeIncludesVat: false,
  sellerSideFee: null,
  sellerSideFeeIncludesVat: false,
  shares: [
    { agent: person('a1', 'סוכנת א'), amount: 30_000 },
    { agent: person('a2', 'סוכן ב'), amount: 10_000 },
  ],
  fromStatus: null,
  toStatus: null,
  metric: 'deals',
  points: 5,
  indicatorId: null,
  createdBy: person('a1', 'סוכנת א'),
  branch: { _id: 'b1', name: 'סניף חיפה', slug: 'haifa' },
  createdAt: '2026-03-01T10:00:00.000Z',
};

const agent = (id: string): User => ({
  _id: id,
  name: 'סוכן',
  email: `${id}@example.com`,
  phone_number: '',
  officePhone: false,
  role: 'agent',
  gender: 'male',
  companyRole: null,
  image: null,
  aboutMe: '',
  branch: { _id: 'b1', name: 'סניף חיפה', slug: 'haifa' },
  active: true,
  networkAccess: false,
  showOnSite: true,
  showPhone: true,
});

function setup(me: User, entries: Activity[] = [dealEntry], leadLabels?: Record<string, string>) {
  const calls = fakeApi((call) =>
    call.url === '/api/v1/users/session'
      ? json(200, { status: 'success', data: { user: me } })
      : json(409, { status: 'fail', code: 'CONFLICT', message: 'לסניף אין תוכנית עמלות בתאריך העסקה' }),
  );
  localStorage.setItem('user', JSON.stringify(me));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <Timeline entries={entries} leadLabels={leadLabels} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('a deal on the timeline', () => {
  it('offers its statement to the second agent, and loads it only when opened', async () => {
    const calls = setup(agent('a2'));
    const button = await screen.findByRole('button', { name: 'פירוט העמלה' });
    expect(calls.some((c) => c.url.includes('/statement'))).toBe(false);
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('לסניף אין תוכנית עמלות בתאריך העסקה');
    expect(calls.some((c) => c.url === '/api/v1/deals/d1/statement')).toBe(true);
    expect(screen.getByRole('button', { name: 'הסתרת פירוט העמלה' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('does not offer it to an agent outside the deal', async () => {
    setup(agent('a3'));
    expect(await screen.findByText('על ידי סוכנת א')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'פירוט העמלה' })).not.toBeInTheDocument();
  });
});

describe('an entry’s actions', () => {
  it('sit behind one menu: opened by keyboard, Escape returns the focus, delete asks first', async () => {
    setup(agent('a1'));
    const user = userEvent.setup();
    const menu = await screen.findByRole('button', { name: /^פעולות על עסקה מ־/ });
    expect(screen.queryByRole('button', { name: /^מחיקת עסקה/ })).not.toBeInTheDocument();
    menu.focus();
    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /^עריכת עסקה מ־/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await user.click(menu);
    await user.click(screen.getByRole('button', { name: /^מחיקת עסקה מ־/ }));
    expect(await screen.findByText(/^למחוק את הפעילות?/)).toBeInTheDocument();
  });

  it('are not offered on an entry another agent logged', async () => {
    setup(agent('a3'));
    expect(await screen.findByText('על ידי סוכנת א')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^פעולות על/ })).not.toBeInTheDocument();
  });
});

describe('who an entry is by', () => {
  const assignment = (
    agentId: string,
    createdBy: ReturnType<typeof person> | null,
    leadId = 'l1',
  ): Activity => ({
    ...dealEntry,
    _id: `as-${agentId}-${createdBy?._id ?? 'auto'}-${leadId}`,
    leadId,
    kind: 'assignment',
    agent: person(agentId, agentId === 'a1' ? 'נועה ביטון' : 'עומר פרץ'),
    price: null,
    commission: null,
    shares: [],
    metric: null,
    points: 0,
    note: 'סבב: הבא בתור',
    createdBy,
  });

  it('says the routing rules assigned a lead, and names the admin who moved it and the agent it went to', async () => {
    setup(agent('a3'), [assignment('a1', null), assignment('a2', person('m1', 'מנהל המשרד'))]);
    expect(await screen.findByText('שויך אוטומטית לנועה ביטון')).toBeInTheDocument();
    expect(screen.getByText('הועבר לעומר פרץ על ידי מנהל המשרד')).toBeInTheDocument();
    // Never "by" the agent who was given the lead.
    expect(screen.queryByText('על ידי נועה ביטון')).not.toBeInTheDocument();
  });

  it('names the lead of each entry when the contact has several', async () => {
    setup(agent('a3'), [assignment('a1', null, 'l1'), assignment('a2', null, 'l2')], {
      l1: 'קונה · רוטשילד 40',
      l2: 'מוכר · הערכת שווי',
    });
    expect(await screen.findByText('ליד: קונה · רוטשילד 40')).toBeInTheDocument();
    expect(screen.getByText('ליד: מוכר · הערכת שווי')).toBeInTheDocument();
  });
});
