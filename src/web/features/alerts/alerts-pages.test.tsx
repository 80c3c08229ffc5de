import { ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { favourites } from '@web/lib/saved-properties';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FavouritesPage } from './favourites-page';
import { MyAlertsPage } from './my-alerts-page';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, node: ReactNode, pattern: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <Routes>
          <Route path={pattern} element={node} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const snapshot = (id: string, address: string) => ({
  id,
  address,
  city: 'חיפה',
  category: 'דירה',
  typeTransaction: 'מכירה',
  price: 1_500_000,
  rooms: 3,
  photo: null,
  at: '2026-11-01T10:00:00.000Z',
});

const property = (id: string, address: string, sold: boolean) => ({
  ...snapshot(id, address),
  _id: id,
  sold,
  photos: [],
  price: 1_400_000,
});

describe('FavouritesPage', () => {
  it('lists the saved properties as they are now: a sold one and a deleted one say so instead of vanishing', async () => {
    favourites.add(snapshot('gone', 'הגפן 1'));
    favourites.add(snapshot('sold', 'הזית 2'));
    favourites.add(snapshot('live', 'התאנה 3'));
    fakeApi(({ url }) => {
      if (url.endsWith('/property/live'))
        return json(200, { status: 'success', data: { data: property('live', 'התאנה 3', false) } });
      if (url.endsWith('/property/sold'))
        return json(200, { status: 'success', data: { data: property('sold', 'הזית 2', true) } });
      // A deleted listing answers 410 (GONE), as the server does.
      return json(410, { status: 'fail', code: 'GONE', message: 'הנכס הוסר מהאתר' });
    });
    renderAt('/Favourites', <FavouritesPage />, '/Favourites');
    const list = screen.getByRole('list', { name: 'הנכסים השמורים' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    await waitFor(() => expect(items[1]).toHaveTextContent('נמכר'));
    await waitFor(() => expect(items[2]).toHaveTextContent('הוסר מהאתר'));
    // The live one shows today's price; the deleted one keeps its address, without a link to a missing page.
    expect(items[0]).toHaveTextContent('1,400,000');
    expect(within(items[0]!).getByRole('link', { name: 'דירה בהתאנה 3' })).toBeInTheDocument();
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent('דירה בהגפן 1');
    await userEvent.click(screen.getByRole('button', { name: 'הסרה מהמועדפים: הגפן 1' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('removing a favourite by keyboard keeps the focus in the list, and on the empty message after the last', async () => {
    favourites.add(snapshot('a', 'הגפן 1'));
    favourites.add(snapshot('b', 'הזית 2'));
    fakeApi(() => json(404, { status: 'fail', message: 'הנכס לא נמצא' }));
    renderAt('/Favourites', <FavouritesPage />, '/Favourites');
    // The newest first: הזית 2, then הגפן 1.
    screen.getByRole('button', { name: 'הסרה מהמועדפים: הזית 2' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'הסרה מהמועדפים: הגפן 1' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText(/עדיין לא שמרתם נכסים/)).toHaveFocus());
  });

  it('invites to save with the heart when nothing is saved', () => {
    fakeApi(() => json(500, {}));
    renderAt('/Favourites', <FavouritesPage />, '/Favourites');
    expect(screen.getByText(/עדיין לא שמרתם נכסים/)).toBeInTheDocument();
  });
});

const page = {
  subscriber: {
    name: 'דנה',
    email: 'dana@example.com',
    phone: '',
    frequency: 'immediate',
    confirmed: true,
    unsubscribed: false,
    consentAt: '2026-11-01T10:00:00.000Z',
  },
  searches: [
    {
      _id: 's1',
      filters: {
        type: 'sale',
        city: 'חיפה',
        street: '',
        category: 'דירה',
        minRooms: 4,
        maxRooms: 5,
        minPrice: 0,
        maxPrice: 2_500_000,
        features: [],
      },
      sentence: 'דירות 4–5 חדרים בחיפה עד 2,500,000 ₪',
      paused: false,
      confirmed: true,
      createdAt: '2026-11-01T10:00:00.000Z',
      matches: { total: 12, capped: false },
    },
  ],
  favourites: [],
};

describe('MyAlertsPage', () => {
  it('says in Hebrew that a link is not valid when the server does not know the token', async () => {
    fakeApi(() => json(404, { status: 'fail', code: 'NOT_FOUND', message: 'הקישור אינו תקף' }));
    localStorage.setItem('alerts-token', 'dead');
    renderAt('/MyAlerts/dead', <MyAlertsPage />, '/MyAlerts/:token');
    expect(await screen.findByRole('heading', { name: 'הקישור אינו תקף' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('alerts-token')).toBeNull());
  });

  it('confirms from the mail link once, lists each search as its sentence and pauses one', async () => {
    let paused = false;
    const calls = fakeApi(({ method, url }: ApiCall) => {
      if (method === 'PATCH' && url.endsWith('/searches/s1')) {
        paused = true;
        return json(200, { status: 'success', data: { search: {} } });
      }
      const data = { ...page, searches: [{ ...page.searches[0], paused }] };
      return json(200, { status: 'success', data });
    });
    renderAt('/MyAlerts/tok?confirm=1', <MyAlertsPage />, '/MyAlerts/:token');
    expect(await screen.findByText('דירות 4–5 חדרים בחיפה עד 2,500,000 ₪')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/alerts/me/tok/confirm' });
    expect(localStorage.getItem('alerts-token')).toBe('tok');
    await userEvent.click(screen.getByRole('button', { name: 'השהיה' }));
    expect(await screen.findByText('מושהה')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/confirm'))).toHaveLength(1);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ paused: true });
  });

  it('shows beside each saved search how many listings match it now', async () => {
    const search = page.searches[0]!;
    const searches = [
      { ...search, _id: 'a', sentence: 'חיפוש א' },
      { ...search, _id: 'b', sentence: 'חיפוש ב', matches: { total: 1, capped: false } },
      { ...search, _id: 'c', sentence: 'חיפוש ג', matches: { total: 0, capped: false } },
      { ...search, _id: 'd', sentence: 'חיפוש ד', matches: { total: 1_000, capped: true } },
    ];
    fakeApi(() => json(200, { status: 'success', data: { ...page, searches } }));
    renderAt('/MyAlerts/tok', <MyAlertsPage />, '/MyAlerts/:token');
    await screen.findByText('חיפוש א');
    const counts = screen.getAllByTestId('search-matches').map((el) => el.textContent);
    expect(counts).toEqual([
      '12 נכסים תואמים',
      'נכס אחד תואם',
      'אין כרגע נכסים תואמים',
      'יותר מ-1,000 נכסים תואמים',
    ]);
    const item = screen.getByText('חיפוש ב').closest('li')!;
    expect(within(item).getByText('נכס אחד תואם')).toBeInTheDocument();
  });

  it('edits a search with the filters’ own messages for absurd bounds', async () => {
    const calls = fakeApi(() => json(200, { status: 'success', data: page }));
    renderAt('/MyAlerts/tok', <MyAlertsPage />, '/MyAlerts/:token');
    await userEvent.click(await screen.findByRole('button', { name: 'עריכה' }));
    const form = screen.getByRole('form', { name: 'עריכת החיפוש' });
    await userEvent.clear(within(form).getByLabelText('מינימום חדרים'));
    await userEvent.type(within(form).getByLabelText('מינימום חדרים'), '6');
    await userEvent.click(within(form).getByRole('button', { name: 'שמירה' }));
    expect(await within(form).findByText('המינימום לא יכול לעלות על המקסימום')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.clear(within(form).getByLabelText('מינימום חדרים'));
    await userEvent.type(within(form).getByLabelText('מינימום חדרים'), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'שמירה' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
        filters: { type: 'sale', city: 'חיפה', minRooms: 3, maxRooms: 5, maxPrice: 2_500_000 },
      }),
    );
  });
  it('stops every alert from the page after a confirmation, and then says so', async () => {
    let unsubscribed = false;
    const calls = fakeApi(({ method, url }: ApiCall) => {
      if (method === 'POST' && url.endsWith('/unsubscribe')) {
        unsubscribed = true;
        return json(200, { status: 'success', message: 'הוסרתם' });
      }
      return json(200, {
        status: 'success',
        data: { ...page, subscriber: { ...page.subscriber, unsubscribed } },
      });
    });
    renderAt('/MyAlerts/tok', <MyAlertsPage />, '/MyAlerts/:token');
    await userEvent.click(await screen.findByRole('button', { name: 'הפסקת כל העדכונים' }));
    expect(calls.some((c) => c.url.endsWith('/unsubscribe'))).toBe(false);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'הפסקת כל העדכונים' }));
    expect(await screen.findByText('הסרתם את ההרשמה: לא יישלחו אליכם עדכונים.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/unsubscribe'))).toMatchObject({
      method: 'POST',
      url: '/api/v1/alerts/me/tok/unsubscribe',
    });
    expect(screen.queryByRole('button', { name: 'הפסקת כל העדכונים' })).toBeNull();
  });

  it('a phone-only link says honestly that no mail is sent, and adding an e-mail starts the double opt-in', async () => {
    const phoneOnly = {
      ...page,
      subscriber: { ...page.subscriber, email: null, phone: '052-1234567', confirmed: false },
    };
    const calls = fakeApi(({ method }: ApiCall) =>
      method === 'POST'
        ? json(202, { status: 'success' })
        : json(200, { status: 'success', data: phoneOnly }),
    );
    renderAt('/MyAlerts/tok', <MyAlertsPage />, '/MyAlerts/:token');
    expect(await screen.findByText(/נרשמתם עם טלפון נייד בלבד \(052-1234567\)/)).toBeInTheDocument();
    expect(screen.queryByText(/עדיין לא אישרתם/)).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'הפסקת כל העדכונים' })).toBeNull();
    const section = screen.getByRole('region', { name: 'הוספת מייל לקבלת עדכונים' });
    await userEvent.click(within(section).getByRole('button', { name: 'שליחת קישור לאישור' }));
    expect(await within(section).findByText('יש לסמן את תיבת ההסכמה כדי לקבל עדכונים')).toBeInTheDocument();
    await userEvent.type(within(section).getByLabelText(/^מייל/), 'yossi@example.com');
    await userEvent.click(within(section).getByRole('checkbox', { name: ALERTS_CONSENT_TEXT }));
    await userEvent.click(within(section).getByRole('button', { name: 'שליחת קישור לאישור' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'שלחנו מייל אל \u2066yossi@example.com\u2069',
    );
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v1/alerts/me/tok/email',
      body: { email: 'yossi@example.com', consent: true, consentText: ALERTS_CONSENT_TEXT },
    });
  });
});
