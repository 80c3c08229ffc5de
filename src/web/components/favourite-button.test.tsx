import type { Property } from '@shared/schemas/property';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { favourites, RECENTLY_VIEWED_MAX, recentlyViewed, snapshotOf } from '../lib/saved-properties';
import { FavouriteButton } from './favourite-button';

const property = (id: string, overrides: Partial<Property> = {}): Property =>
  ({
    _id: id,
    typeTransaction: 'מכירה',
    sold: false,
    pinuy_binuy: false,
    exclusive: false,
    yad2: '',
    city: 'חיפה',
    address: `הרצל ${id}`,
    price: 2_000_000,
    category: 'דירה',
    rooms: 4,
    floor: '2',
    size: 90,
    entryDate: 'גמיש',
    propertyCondition: '',
    features: [],
    description: '',
    photos: [],
    agent: null,
    agentSecend: null,
    ...overrides,
  }) as unknown as Property;

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string }[];

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('FavouriteButton', () => {
  it('saves the property in the browser at once and removes it on a second press', async () => {
    render(<FavouriteButton property={property('7')} />);
    const heart = screen.getByRole('button', { name: 'שמירה במועדפים: הרצל 7' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(stored('favourites')).toMatchObject([
      { id: '7', address: 'הרצל 7', city: 'חיפה', price: 2_000_000 },
    ]);
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(stored('favourites')).toEqual([]);
  });

  it('works by keyboard: Enter and Space toggle it', async () => {
    render(<FavouriteButton property={property('8')} />);
    const heart = screen.getByRole('button', { name: 'שמירה במועדפים: הרצל 8' });
    await userEvent.tab();
    expect(heart).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.keyboard(' ');
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });

  it('renders the same HTML on the server for everyone and shows the saved state after hydration', async () => {
    favourites.add(snapshotOf(property('9')));
    // The server has no localStorage: not pressed, whatever this browser saved.
    const html = renderToString(<FavouriteButton property={property('9')} />);
    expect(html).toContain('aria-pressed="false"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // A hydration mismatch would be a console.error, which fails the test (src/web/test/setup.ts).
    await act(async () => {
      hydrateRoot(container, <FavouriteButton property={property('9')} />);
    });
    await waitFor(() => expect(container.querySelector('button')).toHaveAttribute('aria-pressed', 'true'));
    container.remove();
  });

  it('follows a change made in another tab', async () => {
    render(<FavouriteButton property={property('10')} />);
    const heart = screen.getByRole('button', { name: 'שמירה במועדפים: הרצל 10' });
    localStorage.setItem('favourites', JSON.stringify([snapshotOf(property('10'))]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'favourites' }));
    });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('recently viewed', () => {
  it('keeps the last 10 opened, newest first, each once', () => {
    for (let i = 1; i <= 12; i++) recentlyViewed.add(snapshotOf(property(String(i))));
    recentlyViewed.add(snapshotOf(property('5')));
    const ids = stored('recently-viewed').map((p) => p.id);
    expect(ids).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(ids).toEqual(['5', '12', '11', '10', '9', '8', '7', '6', '4', '3']);
  });

  it('reads broken storage as an empty list', () => {
    localStorage.setItem('recently-viewed', '{not json');
    expect(recentlyViewed.read()).toEqual([]);
  });
});

describe('RecentlyViewed', () => {
  it('shows nothing for a browser that opened nothing, and the opened ones of the deal type otherwise', async () => {
    const { RecentlyViewed } = await import('./recently-viewed');
    const { MemoryRouter } = await import('react-router');
    const first = render(
      <MemoryRouter>
        <RecentlyViewed transaction="מכירה" />
      </MemoryRouter>,
    );
    expect(first.container).toBeEmptyDOMElement();
    first.unmount();
    recentlyViewed.add(snapshotOf(property('1')));
    recentlyViewed.add(snapshotOf(property('2', { typeTransaction: 'השכרה' })));
    render(
      <MemoryRouter>
        <RecentlyViewed transaction="מכירה" />
      </MemoryRouter>,
    );
    const strip = await screen.findByRole('region', { name: 'נכסים שצפיתם בהם לאחרונה' });
    expect(strip).toHaveTextContent('דירה בהרצל 1');
    expect(strip).not.toHaveTextContent('הרצל 2');
  });
});
