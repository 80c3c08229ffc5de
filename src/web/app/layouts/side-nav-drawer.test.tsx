import type { User } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { json } from '@web/test/fake-api';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SideNav } from './side-nav';
import { SideNavDrawer } from './side-nav-drawer';

const AGENT: User = {
  _id: 'u1',
  name: 'דנה',
  email: 'd@example.com',
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
};

beforeAll(() => {
  // jsdom has no modal dialogs: open and close (with its close event) are what the drawer relies on.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderNav() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, { status: 'success', data: { user: AGENT } })),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/AgentProfile']}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <SideNav user={AGENT} />
                  <SideNavDrawer user={AGENT} />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('the phone drawer of the side navigation', () => {
  it('opens from the menu button and gives the focus back to it when closed', async () => {
    renderNav();
    const menu = screen.getByRole('button', { name: 'תפריט האזור האישי' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    // Closed, the drawer holds no links: only the desktop column has them.
    expect(screen.getAllByRole('link', { name: 'דירוג סוכנים' })).toHaveLength(1);

    await userEvent.click(menu);
    const drawer = screen.getByRole('dialog', { name: 'ניווט האזור האישי' });
    expect(drawer).toHaveAttribute('open');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('link', { name: 'מדדים אישיים' })).toHaveAttribute(
      'href',
      '/PersonalIndicator',
    );

    await userEvent.click(within(drawer).getByRole('button', { name: 'סגירת התפריט' }));
    expect(drawer).not.toHaveAttribute('open');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('a link chosen in the drawer closes it', async () => {
    renderNav();
    await userEvent.click(screen.getByRole('button', { name: 'תפריט האזור האישי' }));
    const drawer = screen.getByRole('dialog', { name: 'ניווט האזור האישי' });
    await userEvent.click(within(drawer).getByRole('link', { name: 'דירוג סוכנים' }));
    expect(drawer).not.toHaveAttribute('open');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the desktop column collapses to its icons and remembers it', async () => {
    renderNav();
    await userEvent.click(screen.getByRole('button', { name: 'כיווץ התפריט' }));
    expect(localStorage.getItem('sideNavCollapsed')).toBe('1');
    const ranking = screen.getByRole('link', { name: 'דירוג סוכנים' });
    expect(ranking).toHaveAttribute('title', 'דירוג סוכנים');
    expect(ranking).not.toHaveTextContent('דירוג סוכנים');
  });
});
