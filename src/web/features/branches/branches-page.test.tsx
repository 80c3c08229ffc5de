import { BRANCH_MESSAGES, type Branch } from '@shared/schemas/branch';
import type { User } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BranchesPage } from './branches-page';

const branch = (id: string, name: string, extra: Partial<Branch> = {}): Branch => ({
  _id: id,
  name,
  slug: id,
  city: '',
  address: '',
  phone: '',
  email: '',
  openingHours: '',
  legalEntity: '',
  brokers: [],
  active: true,
  ...extra,
});
const telAviv = branch('tel-aviv', 'משרד ראשי תל אביב', {
  city: 'תל אביב',
  brokers: [{ name: 'מתווך ראשי', licenceNumber: '111' }],
});
const haifa = branch('haifa', 'סניף חיפה', { city: 'חיפה', openingHours: 'א׳–ה׳ 9–18' });

const admin = (networkAccess: boolean): User => ({
  _id: 'u1',
  name: 'מנהלת',
  email: 'm@example.com',
  phone_number: '',
  officePhone: false,
  role: 'admin',
  gender: 'female',
  companyRole: null,
  image: null,
  aboutMe: '',
  branch: { _id: haifa._id, name: haifa.name, slug: haifa.slug },
  active: true,
  networkAccess,
  showOnSite: true,
  showPhone: true,
});

function serve(me: User, answer: (call: ApiCall) => Response) {
  return fakeApi((call) =>
    call.url === '/api/v1/users/session'
      ? json(200, { status: 'success', data: { user: me } })
      : answer(call),
  );
}

const renderPage = (me: User) => {
  localStorage.setItem('user', JSON.stringify(me));
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter>
          <BranchesPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
};

const listed = (branches: Branch[]) => json(200, { status: 'success', data: { branches } });

beforeAll(() => {
  // jsdom has no modal dialogs; open/close is all ConfirmDialog needs.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BranchesPage', { timeout: 20_000 }, () => {
  it('shows a network admin every branch as a card with its details and brokers', async () => {
    serve(admin(true), () => listed([telAviv, haifa]));
    renderPage(admin(true));
    const cards = await screen.findAllByTestId('branch-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('2 סניפים');
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'משרד ראשי תל אביב' })).toBeInTheDocument();
    expect(first.getByText('מתווך ראשי · רישיון 111')).toBeInTheDocument();
    expect(first.getByText('פעיל')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('א׳–ה׳ 9–18')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'סניף חדש' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'עריכת סניף חיפה' })).toBeInTheDocument();
  });

  it('shows a branch manager her own branch, read-only', async () => {
    serve(admin(false), () => listed([haifa]));
    renderPage(admin(false));
    expect(await screen.findByRole('heading', { name: 'סניף חיפה' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('הסניף שלי');
    expect(screen.getByText('את פרטי הסניף מעדכנת הנהלת הרשת.')).toBeInTheDocument();
    // Nothing to change: the only button opens the branch's fee plan, to read.
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'תוכנית העמלות של סניף חיפה',
    ]);
  });

  it('creates a branch and lists it', async () => {
    let branches = [telAviv];
    const calls = serve(admin(true), (call) => {
      if (call.method === 'POST') {
        const created = { ...branch('b9', ''), ...(call.body as Partial<Branch>), _id: 'b9' };
        branches = [...branches, created];
        return json(201, { status: 'success', data: { branch: created } });
      }
      return listed(branches);
    });
    renderPage(admin(true));
    await userEvent.click(await screen.findByRole('button', { name: 'סניף חדש' }));
    await userEvent.type(screen.getByLabelText(/שם הסניף/), 'סניף נתניה');
    await userEvent.type(screen.getByLabelText(/כתובת הדף באתר/), 'netanya');
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByRole('heading', { name: 'סניף נתניה' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'סניף נתניה',
      slug: 'netanya',
    });
    expect(screen.queryByRole('heading', { name: 'הוספת סניף' })).toBeNull();
  });

  it('closes a branch through the dialog: shows what moves, asks where to, and says where it went', async () => {
    const preview = {
      branch: { _id: haifa._id, name: haifa.name, slug: haifa.slug },
      people: {
        count: 2,
        names: [
          { _id: 'p1', name: 'דנה לוי' },
          { _id: 'p2', name: 'יוסי כהן' },
        ],
      },
      listings: { count: 1, names: [{ _id: 'l1', name: 'הרצל 1, חיפה' }] },
      openLeads: { count: 0, names: [] },
      contacts: { count: 3, names: [{ _id: 'c1', name: 'פונה' }] },
      goals: { count: 0, names: [] },
    };
    let closed = false;
    const calls = serve(admin(true), (call) => {
      if (call.url.endsWith('/close-preview')) return json(200, { status: 'success', data: { preview } });
      if (call.url.endsWith('/close')) {
        closed = true;
        return json(200, {
          status: 'success',
          data: {
            branch: { ...haifa, active: false },
            target: { _id: telAviv._id, name: telAviv.name, slug: telAviv.slug },
            moved: { people: 2, listings: 1, openLeads: 0, contacts: 3, goals: 0 },
          },
        });
      }
      return listed(closed ? [telAviv, { ...haifa, active: false }] : [telAviv, haifa]);
    });
    renderPage(admin(true));
    await userEvent.click(await screen.findByRole('button', { name: 'סגירת סניף חיפה' }));
    const dialog = await screen.findByRole('dialog', { name: 'סגירת סניף חיפה' });
    const moves = await within(dialog).findByRole('region', { name: 'מה יעבור' });
    expect(await within(moves).findByText('2 אנשי צוות')).toBeInTheDocument();
    expect(within(moves).getByText(/דנה לוי، יוסי כהן/)).toBeInTheDocument();
    expect(within(moves).getByText('נכס אחד')).toBeInTheDocument();
    expect(within(moves).getByText('3 אנשי קשר')).toBeInTheDocument();
    expect(within(moves).getByText(/ועוד 2/)).toBeInTheDocument();
    expect(within(moves).queryByText(/לידים פתוחים/)).toBeNull();
    // No target yet: the field says so, nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'סגירה והעברה' }));
    expect(within(dialog).getByText('יש לבחור סניף')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/close'))).toBe(false);
    // Only another open branch is offered.
    const select = within(dialog).getByLabelText(/הסניף שאליו יעברו/);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', telAviv.name]);
    await userEvent.selectOptions(select, telAviv._id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'סגירה והעברה' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/close'))).toMatchObject({
      method: 'POST',
      url: '/api/v1/branches/haifa/close',
      body: { targetBranchId: telAviv._id },
    });
    await waitFor(() =>
      expect(within(screen.getAllByTestId('branch-card')[1]!).getByText('סגור')).toBeInTheDocument(),
    );
  });

  it('shows the server’s refusal to close the last open branch in the dialog', async () => {
    serve(admin(true), (call) => {
      if (call.url.endsWith('/close-preview'))
        return json(200, {
          status: 'success',
          data: {
            preview: {
              branch: { _id: 'tel-aviv', name: telAviv.name, slug: 'tel-aviv' },
              people: { count: 0, names: [] },
              listings: { count: 0, names: [] },
              openLeads: { count: 0, names: [] },
              contacts: { count: 0, names: [] },
              goals: { count: 0, names: [] },
            },
          },
        });
      if (call.url.endsWith('/close'))
        return json(409, {
          status: 'fail',
          message: BRANCH_MESSAGES.lastActive,
          fieldErrors: { active: BRANCH_MESSAGES.lastActive },
        });
      return listed([telAviv, haifa]);
    });
    renderPage(admin(true));
    await userEvent.click(await screen.findByRole('button', { name: 'סגירת משרד ראשי תל אביב' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/ייסגר בלי להעביר דבר/)).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText(/הסניף שאליו יעברו/), haifa._id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'סגירה והעברה' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BRANCH_MESSAGES.lastActive);
  });

  it('reopens a closed branch after a confirmation', async () => {
    const calls = serve(admin(true), (call) =>
      call.method === 'PATCH'
        ? json(200, { status: 'success', data: { branch: { ...haifa, active: true } } })
        : listed([telAviv, { ...haifa, active: false }]),
    );
    renderPage(admin(true));
    await userEvent.click(await screen.findByRole('button', { name: 'פתיחה מחדש של סניף חיפה' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'פתיחה מחדש' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        url: '/api/v1/branches/haifa',
        body: { active: true },
      }),
    );
  });

  it('says when there are no branches, and when they cannot be loaded', async () => {
    serve(admin(true), () => listed([]));
    const empty = renderPage(admin(true));
    expect(await screen.findByText('אין סניפים עדיין.')).toBeInTheDocument();
    empty.unmount();
    vi.unstubAllGlobals();
    serve(admin(true), () => json(500, { status: 'error', message: 'תקלה' }));
    renderPage(admin(true));
    await waitFor(() =>
      expect(screen.getByText('לא הצלחנו לטעון את הסניפים. נסו לרענן את הדף.')).toBeInTheDocument(),
    );
  });
});
