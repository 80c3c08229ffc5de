import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatchingPropertiesPanel } from './matching-properties-panel';

afterEach(() => vi.unstubAllGlobals());

const property = (id: string, address: string, price: number) => ({
  _id: id,
  typeTransaction: 'מכירה',
  city: 'חיפה',
  address,
  price,
  rooms: 4,
  category: 'דירה',
  sold: false,
  image: null,
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <MatchingPropertiesPanel leadId="l1" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('MatchingPropertiesPanel', () => {
  it('lists each requirement as its sentence with the properties it matches, flagging one over the budget', async () => {
    const calls = fakeApi(() =>
      json(200, {
        status: 'success',
        data: {
          requirements: [
            {
              _id: 'r1',
              sentence: 'דירות 4–5 חדרים בחיפה עד 2,500,000 ₪',
              filters: {},
              paused: false,
              matches: [
                { property: property('p1', 'הרצל 1', 2_400_000), overMaxPercent: 0 },
                { property: property('p2', 'הרצל 2', 2_600_000), overMaxPercent: 4 },
              ],
            },
          ],
        },
      }),
    );
    setup();
    const requirement = (await screen.findByText(/דירות 4–5 חדרים בחיפה/)).closest('li')!;
    expect(requirement).toHaveTextContent('2 נכסים');
    const over = within(requirement).getByRole('link', { name: 'דירה בהרצל 2, חיפה' }).closest('li')!;
    expect(over).toHaveTextContent('מעל התקציב ב-4%');
    expect(
      within(requirement).getByRole('link', { name: 'דירה בהרצל 1, חיפה' }).closest('li'),
    ).not.toHaveTextContent('מעל התקציב');
    expect(calls[0]?.url).toBe('/api/v1/pipeline/leads/l1/matching-properties');
  });

  it('says when the contact has no buyer requirements', async () => {
    fakeApi(() => json(200, { status: 'success', data: { requirements: [] } }));
    setup();
    expect(await screen.findByText('לאיש הקשר אין דרישות קנייה שמורות.')).toBeInTheDocument();
  });
});
