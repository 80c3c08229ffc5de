import type { Property } from '@shared/schemas/property';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { propertyKeys } from './api';
import { SimilarList } from './similar-list';

const card = (id: string, address: string, extra: Partial<Property> = {}) =>
  ({
    _id: id,
    typeTransaction: 'מכירה',
    sold: false,
    category: 'דירה',
    city: 'חיפה',
    address,
    price: 1_500_000,
    photos: [],
    ...extra,
  }) as unknown as Property;

afterEach(() => vi.unstubAllGlobals());

describe('SimilarList', () => {
  it("keeps the server's cards and order after hydration, even from data older than the stale time", async () => {
    const calls = fakeApi(() =>
      json(200, { status: 'success', data: { data: [card('b', 'השני 2'), card('a', 'הראשון 1')] } }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    // As hydrate() leaves it: the server's answer, fetched a minute ago (a page served from a cache).
    client.setQueryData(propertyKeys.similar('x'), [card('a', 'הראשון 1'), card('b', 'השני 2')], {
      updatedAt: Date.now() - 60_000,
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SimilarList id="x" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['הראשון 1', 'השני 2']);
    // Mounting is where a refetch would start; once its effects have run, the query must still be idle.
    await act(async () => {});
    expect(client.getQueryState(propertyKeys.similar('x'))?.fetchStatus).toBe('idle');
    expect(calls).toEqual([]);
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['הראשון 1', 'השני 2']);
  });

  it('names each card by its address, and a rental says per month', () => {
    const client = new QueryClient();
    client.setQueryData(propertyKeys.similar('y'), [
      card('r', 'השכירות 5', { typeTransaction: 'השכרה', price: 6500 }),
    ]);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SimilarList id="y" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('link', { name: 'השכירות 5' })).toHaveAttribute('href', '/PropertyView/r');
    expect(screen.getByTestId('similar-card')).toHaveTextContent(/6,500.*לחודש/);
  });
});
