import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewingSettingsPanel } from './viewing-settings-panel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

type Call = { method: string; url: string; body?: unknown };

function serve() {
  const calls: Call[] = [];
  let blocks = [
    { _id: 'b1', startsAt: '2026-12-03T08:00:00.000Z', endsAt: '2026-12-03T10:00:00.000Z', note: 'שיפוץ' },
  ];
  let settings = { bookingMode: 'request', capacity: 1, slotMinutes: 30 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') calls.push({ method, url, body });
      if (method === 'PUT') {
        if (body.capacity > 50)
          return json(400, {
            status: 'fail',
            message: 'עד 50 מבקרים',
            fieldErrors: { capacity: 'עד 50 מבקרים' },
          });
        settings = body;
      }
      if (method === 'POST') {
        const block = {
          _id: 'b2',
          startsAt: '2026-12-04T10:00:00.000Z',
          endsAt: '2026-12-04T11:00:00.000Z',
          note: '',
        };
        blocks = [...blocks, block];
        return json(201, { status: 'success', data: { block } });
      }
      if (method === 'DELETE') {
        blocks = blocks.filter((b) => !url.endsWith(b._id));
        return json(200, { status: 'success', data: {} });
      }
      return json(200, { status: 'success', data: { ...settings, blocks } });
    }),
  );
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ViewingSettingsPanel propertyId="p1" />
    </QueryClientProvider>,
  );
  return calls;
}

describe("the property's viewings section", () => {
  it('sets the booking mode, an open house and the slot length; a refusal lands on its field', async () => {
    const calls = serve();
    const section = await screen.findByRole('region', { name: 'ביקורים' });
    const request = within(section).getByRole('radio', { name: /לפי בקשה/ });
    await waitFor(() => expect(request).toBeChecked());
    await userEvent.click(within(section).getByRole('radio', { name: /מיידי/ }));
    const capacity = within(section).getByRole('spinbutton', { name: /מספר מבקרים/ });
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '60');
    await userEvent.click(within(section).getByRole('button', { name: 'שמירת הגדרות הביקור' }));
    expect(
      await within(section).findByText('עד 50 מבקרים', { selector: '[role="alert"]' }),
    ).toBeInTheDocument();
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '6');
    const length = within(section).getByRole('spinbutton', { name: 'אורך ביקור בדקות' });
    await userEvent.clear(length);
    await userEvent.type(length, '45');
    await userEvent.click(within(section).getByRole('button', { name: 'שמירת הגדרות הביקור' }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        method: 'PUT',
        url: '/api/v1/property/p1/viewing-settings',
        body: { bookingMode: 'instant', capacity: 6, slotMinutes: 45 },
      }),
    );
  });

  it("lists the seller's blocked times, adds one and removes one", async () => {
    const calls = serve();
    const blocks = await screen.findByRole('region', { name: 'זמנים שהמוכר ביקש לחסום' });
    // 10:00-12:00 in Israel on 3.12.2026.
    expect(await within(blocks).findByText('3.12.2026 10:00 – 3.12.2026 12:00 · שיפוץ')).toBeInTheDocument();
    await userEvent.click(within(blocks).getByRole('button', { name: 'הוספת זמן חסום' }));
    expect(within(blocks).getAllByText('יש לבחור תאריך ושעה')).toHaveLength(2);
    expect(calls).toEqual([]);
    await userEvent.type(within(blocks).getByLabelText('חסום מ־'), '2026-12-04T12:00');
    await userEvent.type(within(blocks).getByLabelText('עד'), '2026-12-04T13:00');
    await userEvent.click(within(blocks).getByRole('button', { name: 'הוספת זמן חסום' }));
    expect(await within(blocks).findByText(/4\.12\.2026 12:00/)).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/v1/property/p1/viewing-blocks',
      body: { startsAt: '2026-12-04T12:00', endsAt: '2026-12-04T13:00', note: '' },
    });
    await userEvent.click(within(blocks).getByRole('button', { name: 'הסרת החסימה מ־3.12.2026 10:00' }));
    await waitFor(() => expect(within(blocks).queryByText(/שיפוץ/)).toBeNull());
    expect(calls[1]).toEqual({ method: 'DELETE', url: '/api/v1/viewing-blocks/b1', body: undefined });
  });
});
