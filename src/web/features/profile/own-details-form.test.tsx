import type { User } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { fakeApi, json } from '@web/test/fake-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OwnDetailsForm } from './own-details-form';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const me: User = {
  _id: 'u1',
  name: 'דנה לוי',
  email: 'dana@example.com',
  phone_number: '052-200-0002',
  officePhone: false,
  role: 'agent',
  gender: 'female',
  companyRole: null,
  image: null,
  aboutMe: '',
  branch: { _id: 'b1', name: 'סניף חיפה', slug: 'haifa' },
  active: true,
  networkAccess: false,
  showOnSite: true,
  showPhone: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('my own details', () => {
  it('let me keep my phone off the public site, named in my gender', async () => {
    const calls = fakeApi(() =>
      json(200, { status: 'success', data: { user: { ...me, showPhone: false } } }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <OwnDetailsForm user={me} />
        </SessionProvider>
      </QueryClientProvider>,
    );
    const box = screen.getByRole('checkbox', { name: 'דנה לוי מציגה באתר את הטלפון שלה' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription('בלי הטלפון האישי מוצג באתר טלפון המשרד של הסניף.');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/v1/users/me',
      body: { showPhone: false },
    });
  });
});
