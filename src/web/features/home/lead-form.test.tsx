import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeadForm } from './lead-form';

function renderForm(url = '/') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <LeadForm />
        <ToastContainer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const respond = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('LeadForm', () => {
  it('keeps a bad phone on the form with the SPEC message and sends nothing', async () => {
    const fetchMock = respond(201, { status: 'success' });
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await userEvent.type(screen.getByLabelText('שם'), 'דנה');
    await userEvent.type(screen.getByLabelText('טלפון'), '0401234567');
    await userEvent.click(screen.getByRole('button', { name: 'שליחה' }));
    expect(await screen.findByText('מספר הטלפון אינו תקין, נסה שוב.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a good lead, clears the fields and disables the button', async () => {
    const fetchMock = respond(201, { status: 'success' });
    vi.stubGlobal('fetch', fetchMock);
    renderForm('/?category=seller');
    expect(screen.getByLabelText('אני')).toHaveValue('מוכר');
    await userEvent.type(screen.getByLabelText('שם'), 'דנה');
    await userEvent.type(screen.getByLabelText('טלפון'), '050-123-4567');
    await userEvent.type(screen.getByLabelText('באיזו עיר? (לא חובה)'), 'חיפה');
    await userEvent.click(screen.getByRole('button', { name: 'שליחה' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'נשלח' })).toBeDisabled());
    expect(screen.getByLabelText('שם')).toHaveValue('');
    expect(screen.getByLabelText('טלפון')).toHaveValue('');
    expect(screen.getByLabelText('באיזו עיר? (לא חובה)')).toHaveValue('');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/email/send-mail');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'דנה',
      phone: '050-123-4567',
      category: 'מוכר',
      city: 'חיפה',
      website: '',
    });
  });

  it('keeps the entries and the button when the server fails', async () => {
    vi.stubGlobal('fetch', respond(500, { status: 'error', code: 'INTERNAL', message: 'x' }));
    renderForm();
    await userEvent.type(screen.getByLabelText('שם'), 'דנה');
    await userEvent.type(screen.getByLabelText('טלפון'), '0501234567');
    await userEvent.click(screen.getByRole('button', { name: 'שליחה' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'שליחה' })).toBeEnabled());
    expect(screen.getByLabelText('שם')).toHaveValue('דנה');
  });

  it('says so when the lead limit refuses it (429), and keeps the entries', async () => {
    vi.stubGlobal('fetch', respond(429, { status: 'fail', code: 'TOO_MANY_REQUESTS', message: 'x' }));
    renderForm();
    await userEvent.type(screen.getByLabelText('שם'), 'דנה');
    await userEvent.type(screen.getByLabelText('טלפון'), '0501234567');
    await userEvent.click(screen.getByRole('button', { name: 'שליחה' }));
    expect(await screen.findByText('נשלחו יותר מדי פניות, נסו שוב מאוחר יותר')).toBeInTheDocument();
    expect(screen.getByLabelText('שם')).toHaveValue('דנה');
  });
});
