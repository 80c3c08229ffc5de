import { ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFilters } from './filters';
import { SaveSearchButton } from './save-search-button';

beforeAll(() => {
  // jsdom has no modal dialogs: opening sets `open`, closing removes it and says so, as a browser does.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const haifa = { ...defaultFilters('sale'), city: 'חיפה', minRooms: 4, maxRooms: 5, maxPrice: 2_500_000 };

function setup() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <SaveSearchButton type="sale" filters={haifa} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'שמירת החיפוש ועדכונים על נכסים חדשים' });
}

describe('saving a search', () => {
  it('shows the search as a sentence and refuses to send without the consent box, which starts unticked', async () => {
    const calls = fakeApi(() => json(202, { status: 'success' }));
    await userEvent.click(setup());
    const dialog = await screen.findByRole('dialog', { name: 'שמירת החיפוש' });
    expect(dialog).toHaveTextContent('נכסים 4–5 חדרים בחיפה עד 2,500,000 ₪');
    expect(screen.getByLabelText(/^שם/)).toHaveFocus();
    const consent = screen.getByRole('checkbox', { name: ALERTS_CONSENT_TEXT });
    expect(consent).not.toBeChecked();
    await userEvent.type(screen.getByLabelText(/^שם/), 'דנה כהן');
    await userEvent.type(screen.getByLabelText(/^מייל/), 'dana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'שמירה וקבלת קישור' }));
    expect(await screen.findByText('יש לסמן את תיבת ההסכמה כדי לקבל עדכונים')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the filters, the frequency and the exact consent wording, then explains the confirmation mail', async () => {
    const calls = fakeApi(() => json(202, { status: 'success' }));
    await userEvent.click(setup());
    await screen.findByRole('dialog');
    await userEvent.type(screen.getByLabelText(/^שם/), 'דנה כהן');
    await userEvent.type(screen.getByLabelText(/^מייל/), 'dana@example.com');
    await userEvent.click(screen.getByRole('radio', { name: 'סיכום יומי' }));
    await userEvent.click(screen.getByRole('checkbox', { name: ALERTS_CONSENT_TEXT }));
    await userEvent.click(screen.getByRole('button', { name: 'שמירה וקבלת קישור' }));
    // The address is isolated left-to-right inside the Hebrew sentence (its @ and dots keep their order).
    expect(await screen.findByText(/שלחנו מייל אל \u2066dana@example\.com\u2069\./)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/alerts/subscribe',
      body: {
        name: 'דנה כהן',
        email: 'dana@example.com',
        frequency: 'daily',
        consent: true,
        consentText: ALERTS_CONSENT_TEXT,
        search: { type: 'sale', city: 'חיפה', minRooms: 4, maxRooms: 5, minPrice: 0, maxPrice: 2_500_000 },
      },
    });
  });

  it('asks for an e-mail or a mobile phone when neither is given, with the other fields’ messages', async () => {
    const calls = fakeApi(() => json(202, { status: 'success' }));
    await userEvent.click(setup());
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'שמירה וקבלת קישור' }));
    expect(await screen.findByText('יש להזין כתובת מייל או מספר טלפון נייד')).toBeInTheDocument();
    expect(screen.getByText('יש להזין שם')).toBeInTheDocument();
    expect(screen.getByText('יש לסמן את תיבת ההסכמה כדי לקבל עדכונים')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('with a phone only, shows the private link at once, keeps it in this browser and says no mail is sent', async () => {
    const token = 'phoneTok_0123456789abcdefghij';
    const calls = fakeApi(() => json(201, { status: 'success', message: 'נשמר', data: { token } }));
    await userEvent.click(setup());
    await screen.findByRole('dialog');
    await userEvent.type(screen.getByLabelText(/^שם/), 'יוסי');
    await userEvent.type(screen.getByLabelText(/^טלפון נייד/), '052-1234567');
    await userEvent.click(screen.getByRole('checkbox', { name: ALERTS_CONSENT_TEXT }));
    await userEvent.click(screen.getByRole('button', { name: 'שמירה וקבלת קישור' }));
    const link = await screen.findByRole('link', { name: new RegExp(`/MyAlerts/${token}$`) });
    expect(link).toHaveAttribute('href', `/MyAlerts/${token}`);
    expect(screen.getByRole('status')).toHaveTextContent('בלי כתובת מייל לא נשלחים אליכם עדכונים על נכסים');
    expect(localStorage.getItem('alerts-token')).toBe(token);
    expect(calls[0]).toMatchObject({ body: { name: 'יוסי', email: '', phone: '052-1234567' } });
  });

  it("shows the server's field message for an address it refuses", async () => {
    fakeApi(() =>
      json(400, {
        status: 'fail',
        message: 'הנתונים אינם תקינים',
        fieldErrors: { email: 'כתובת המייל אינה תקינה, נסה שוב.' },
      }),
    );
    await userEvent.click(setup());
    await screen.findByRole('dialog');
    await userEvent.type(screen.getByLabelText(/^שם/), 'דנה');
    await userEvent.type(screen.getByLabelText(/^מייל/), 'dana@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: ALERTS_CONSENT_TEXT }));
    await userEvent.click(screen.getByRole('button', { name: 'שמירה וקבלת קישור' }));
    expect(await screen.findByText('כתובת המייל אינה תקינה, נסה שוב.')).toBeInTheDocument();
  });

  it('adds the search to the private link this browser knows, without asking again', async () => {
    localStorage.setItem('alerts-token', 'tok123');
    const calls = fakeApi(() => json(201, { status: 'success', data: { search: {} } }));
    await userEvent.click(setup());
    await screen.findByRole('dialog');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'שמירת החיפוש' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/alerts/me/tok123/searches',
      body: { filters: { type: 'sale', city: 'חיפה' } },
    });
  });
});
