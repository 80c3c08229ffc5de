import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InquiryForm } from './inquiry-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <InquiryForm propertyId="p1" />
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

describe('InquiryForm', () => {
  it('validates with the shared schema, loaded on demand: a bad phone stays on the form and nothing is sent', async () => {
    const fetchMock = respond(201, { status: 'success' });
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await userEvent.type(screen.getByLabelText('שם'), 'דנה');
    await userEvent.type(screen.getByLabelText('טלפון נייד'), '0401234567');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת פנייה' }));
    expect(await screen.findByText('מספר הטלפון אינו תקין, נסה שוב.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a good inquiry to its property and says so', async () => {
    const fetchMock = respond(201, { status: 'success' });
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await userEvent.type(screen.getByLabelText('שם'), 'דנה');
    await userEvent.type(screen.getByLabelText('טלפון נייד'), '050-123-4567');
    await userEvent.type(screen.getByLabelText('הודעה (לא חובה)'), 'מתי אפשר לראות?');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת פנייה' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'הפנייה נשלחה' })).toBeDisabled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/property/p1/inquiry');
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: 'דנה',
      phone: '050-123-4567',
      message: 'מתי אפשר לראות?',
    });
  });
});
