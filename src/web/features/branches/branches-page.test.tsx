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
  role: 'admin',
  gender: 'female',
  companyRole: null,
  image: null,
  aboutMe: '',
  branch: { _id: haifa._id, name: haifa.name, slug: haifa.slug },
  active: true,
  networkAccess,
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
    expect(screen.queryByRole('button')).toBeNull();
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

  it('shows the server’s refusal to close the last open branch on its card', async () => {
    const calls = serve(admin(true), (call) =>
      call.method === 'PATCH'
        ? json(409, {
            status: 'fail',
            message: BRANCH_MESSAGES.lastActive,
            fieldErrors: { active: BRANCH_MESSAGES.lastActive },
          })
        : listed([telAviv, branch('old', 'סניף סגור', { active: false })]),
    );
    renderPage(admin(true));
    await userEvent.click(await screen.findByRole('button', { name: 'סגירת משרד ראשי תל אביב' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'סגירת הסניף' }));
    const card = screen.getAllByTestId('branch-card')[0]!;
    expect(await within(card).findByRole('alert')).toHaveTextContent(BRANCH_MESSAGES.lastActive);
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/v1/branches/tel-aviv',
      body: { active: false },
    });
    expect(within(screen.getAllByTestId('branch-card')[1]!).getByText('סגור')).toBeInTheDocument();
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
