import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobPage } from './job-page';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <JobPage />
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

const respond = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

async function fillAndSend() {
  await userEvent.type(screen.getByLabelText('שם מלא'), 'דנה כהן');
  await userEvent.type(screen.getByLabelText('טלפון'), '0501234567');
  await userEvent.type(screen.getByLabelText('כתובת מייל'), 'dana@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'שליחה' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('JobPage', () => {
  it('sends the application and disables the button', async () => {
    const fetchMock = respond(201, { status: 'success' });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await fillAndSend();
    await waitFor(() => expect(screen.getByRole('button', { name: 'הפרטים נשלחו' })).toBeDisabled());
    const [url] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/email/send-job-mail');
  });

  it('shows the generic failure when the server fails, and keeps the entries', async () => {
    vi.stubGlobal('fetch', respond(500, { status: 'error', code: 'INTERNAL', message: 'x' }));
    renderPage();
    await fillAndSend();
    expect(await screen.findByText('שגיאה! משהו השתבש...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'שליחה' })).toBeEnabled();
    expect(screen.getByLabelText('שם מלא')).toHaveValue('דנה כהן');
  });

  it('says so when the limit refuses it (429), like the lead form, and keeps the entries', async () => {
    vi.stubGlobal('fetch', respond(429, { status: 'fail', code: 'TOO_MANY_REQUESTS', message: 'x' }));
    renderPage();
    await fillAndSend();
    expect(await screen.findByText('נשלחו יותר מדי פניות, נסו שוב מאוחר יותר')).toBeInTheDocument();
    expect(screen.queryByText('שגיאה! משהו השתבש...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'שליחה' })).toBeEnabled();
    expect(screen.getByLabelText('שם מלא')).toHaveValue('דנה כהן');
  });
});
