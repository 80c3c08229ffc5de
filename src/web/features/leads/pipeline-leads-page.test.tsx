import type { User } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { json } from '@web/test/fake-api';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PipelineLeadsPage } from './pipeline-leads-page';

const user = (role: User['role'], networkAccess = role === 'admin'): User => ({
  _id: 'u1',
  name: 'דנה',
  email: 'd@example.com',
  phone_number: '',
  officePhone: false,
  role,
  gender: 'female',
  companyRole: null,
  image: null,
  aboutMe: '',
  branch: { _id: 'b1', name: 'משרד ראשי', slug: 'main' },
  active: true,
  networkAccess,
  showOnSite: true,
  showPhone: true,
});

/** One lead of the Haifa branch, as the list answers it. */
const haifaLead = {
  _id: 'l1',
  contactId: 'c1',
  name: 'ישראל ישראלי',
  phone: '052-1234567',
  source: 'manual',
  category: 'קונה',
  status: 'new',
  property: null,
  message: '',
  owner: { _id: 'a1', name: 'סוכנת א' },
  branch: { _id: 'b2', name: 'סניף חיפה', slug: 'haifa' },
  nextTouchAt: null,
  overdue: false,
  escalated: false,
  routingReason: '',
  lossReason: null,
  lossText: null,
  firstContactAt: null,
  responseMinutes: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};

/** The session and a list (empty unless given); every list URL the page asks for is kept. */
function fakeApi(role: User['role'], networkAccess = role === 'admin', leads: unknown[] = []) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/v1/users/session')
        return json(200, { status: 'success', data: { user: user(role, networkAccess) } });
      urls.push(url);
      return json(200, {
        status: 'success',
        data: {
          leads,
          total: leads.length,
          totalCapped: false,
          pageSize: 50,
          nextCursor: null,
          prevCursor: null,
          owners: [
            { _id: 'a1', name: 'סוכנת א' },
            { _id: 'a2', name: 'סוכן ב' },
          ],
        },
      });
    }),
  );
  return urls;
}

const renderPage = (entry: string, role: User['role'] = 'admin', networkAccess = role === 'admin') => {
  localStorage.setItem('user', JSON.stringify(user(role, networkAccess)));
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={[entry]}>
          <PipelineLeadsPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PipelineLeadsPage table', { timeout: 20_000 }, () => {
  it('sends the filters of the URL to the list and to the CSV export, and the empty state says so', async () => {
    const urls = fakeApi('admin');
    renderPage('/Leads?view=table&status=meeting&overdue=true');
    expect(await screen.findByText('אין לידים שמתאימים לסינון.')).toBeInTheDocument();
    expect(urls).toContain('/api/v1/pipeline/leads?status=meeting&overdue=true');
    expect(screen.getByRole('link', { name: 'ייצוא ל-CSV' })).toHaveAttribute(
      'href',
      '/api/v1/pipeline/export?status=meeting&overdue=true',
    );
  });

  it('an admin filters by owner; the clear button drops every filter', async () => {
    const urls = fakeApi('admin');
    renderPage('/Leads?view=table');
    // The owners come with the list's answer.
    await screen.findByRole('option', { name: 'סוכן ב' });
    await userEvent.selectOptions(screen.getByLabelText('בעלים'), 'סוכן ב');
    await waitFor(() => expect(urls).toContain('/api/v1/pipeline/leads?ownerId=a2'));
    await userEvent.click(screen.getByRole('button', { name: 'ניקוי הסינון' }));
    await waitFor(() => expect(urls.at(-1)).toBe('/api/v1/pipeline/leads'));
    expect(screen.getByText('אין לידים עדיין.')).toBeInTheDocument();
  });

  it('pages by the cursors the list gives, and says a capped count as "more than"', async () => {
    const urls: string[] = [];
    const row = (id: string) => ({
      _id: id,
      contactId: `c-${id}`,
      name: `ליד ${id}`,
      phone: '+972501234567',
      source: 'homeForm',
      category: 'קונה',
      status: 'new',
      property: null,
      message: '',
      owner: null,
      branch: { _id: 'b1', name: 'משרד ראשי', slug: 'main' },
      nextTouchAt: null,
      overdue: false,
      escalated: false,
      routingReason: '',
      lossReason: null,
      lossText: null,
      firstContactAt: null,
      responseMinutes: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/v1/users/session')
          return json(200, { status: 'success', data: { user: user('agent') } });
        urls.push(url);
        const second = url.includes('cursor=next-1');
        return json(200, {
          status: 'success',
          data: {
            leads: [row(second ? 'l2' : 'l1')],
            total: 1000,
            totalCapped: true,
            pageSize: 1,
            nextCursor: second ? null : 'next-1',
            prevCursor: second ? 'prev-2' : null,
            owners: [],
          },
        });
      }),
    );
    renderPage('/Leads?view=table', 'agent');
    expect(await screen.findByText('יותר מ-1,000 לידים')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'הקודם' })).toBeDisabled();
    expect(screen.getByText('עמוד 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'הבא' }));
    expect(await screen.findByText('עמוד 2')).toBeInTheDocument();
    expect(urls).toContain('/api/v1/pipeline/leads?cursor=next-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'הבא' })).toBeDisabled());
    await userEvent.click(screen.getByRole('button', { name: 'הקודם' }));
    await waitFor(() => expect(urls.at(-1)).toBe('/api/v1/pipeline/leads?cursor=prev-2'));
  });

  it('an agent gets no owner filter and no mail view (its own leads only, as the server answers)', async () => {
    fakeApi('agent');
    renderPage('/Leads?view=table', 'agent');
    expect(await screen.findByText('אין לידים עדיין.')).toBeInTheDocument();
    expect(screen.queryByLabelText('בעלים')).toBeNull();
    expect(screen.queryByRole('link', { name: 'מיילים שנשלחו ומועמדויות לעבודה' })).toBeNull();
    expect(screen.getByRole('link', { name: 'טבלה' })).toHaveAttribute('aria-current', 'page');
  });

  it('a network admin has the mail view; a branch manager has the owner filter but not the network inbox', async () => {
    fakeApi('admin');
    const network = renderPage('/Leads?view=table');
    expect(await screen.findByRole('link', { name: 'מיילים שנשלחו ומועמדויות לעבודה' })).toBeInTheDocument();
    network.unmount();
    localStorage.clear();
    fakeApi('admin', false);
    renderPage('/Leads?view=table', 'admin', false);
    expect(await screen.findByLabelText('בעלים')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'מיילים שנשלחו ומועמדויות לעבודה' })).toBeNull();
  });

  it("names each lead's branch for a network role only", async () => {
    fakeApi('admin', true, [haifaLead]);
    const network = renderPage('/Leads?view=table');
    expect(await screen.findByRole('columnheader', { name: 'סניף' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'סניף חיפה' })).toBeInTheDocument();
    network.unmount();
    localStorage.clear();
    for (const [role, networkAccess] of [
      ['admin', false],
      ['agent', false],
    ] as const) {
      fakeApi(role, networkAccess, [haifaLead]);
      const view = renderPage('/Leads?view=table', role, networkAccess);
      expect(await screen.findByRole('link', { name: 'ישראל ישראלי' })).toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'סניף' })).toBeNull();
      view.unmount();
      localStorage.clear();
    }
  });
});
