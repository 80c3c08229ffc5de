import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatchingBuyersPanel } from './matching-buyers-panel';

afterEach(() => vi.unstubAllGlobals());

describe('MatchingBuyersPanel', () => {
  it("shows each buyer's requirement, the contact where the server gives it, and hides it otherwise", async () => {
    const calls = fakeApi(() =>
      json(200, {
        status: 'success',
        data: {
          buyers: [
            {
              requirementId: 'r1',
              sentence: 'דירות 4–5 חדרים בחיפה עד 2,500,000 ₪',
              overMaxPercent: 3,
              createdAt: '2026-11-20T10:00:00.000Z',
              contact: { _id: 'c1', name: 'דנה כהן', phone: '052-1234567', email: 'dana@example.com' },
              leadId: 'l1',
            },
            {
              requirementId: 'r2',
              sentence: 'נכסים בחיפה',
              overMaxPercent: 0,
              createdAt: '2026-11-21T10:00:00.000Z',
              contact: null,
              leadId: null,
            },
          ],
        },
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <MatchingBuyersPanel propertyId="p1" />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const panel = await screen.findByRole('region', { name: /קונים מתאימים/ });
    expect(await within(panel).findByText('(2 קונים)')).toBeInTheDocument();
    const [first, second] = within(panel).getAllByRole('listitem');
    expect(first).toHaveTextContent('מעל התקציב ב-3%');
    expect(within(first!).getByRole('link', { name: /052-1234567/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(within(first!).getByRole('link', { name: 'לליד' })).toHaveAttribute('href', '/Leads/l1');
    expect(second).toHaveTextContent('פרטי הקשר גלויים לסוכן של הנכס');
    expect(calls[0]?.url).toBe('/api/v1/property/p1/matching-buyers');
  });
});
