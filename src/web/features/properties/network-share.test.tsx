import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkShareSwitch, SharedPropertyNote } from './network-share';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

const contact = {
  branch: { _id: 'b1', name: 'חיפה', phone: '04-8123456', email: 'haifa@example.com' },
  agent: { _id: 'a1', name: 'יוסי לוי', phone: '050-1234567', email: 'yossi@example.com' },
};
const network = (over: Record<string, unknown> = {}) => ({
  propertyId: 'p1',
  shared: false,
  own: true,
  mayShare: true,
  mark: null,
  contact,
  owner: null,
  ...over,
});

type Call = { method: string; body?: unknown };

function serve(answer: (call: Call) => Response, ui: ReactNode) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return calls;
}

describe('sharing a property with the network', () => {
  it('its own staff switch it on and off; the switch follows the saved answer', async () => {
    let shared = false;
    const calls = serve(
      (call) => {
        if (call.method === 'PUT') shared = (call.body as { shared: boolean }).shared;
        return json(200, { status: 'success', data: { network: network({ shared }) } });
      },
      <NetworkShareSwitch propertyId="p1" />,
    );
    const toggle = await screen.findByRole('switch', { name: 'הנכס משותף עם הרשת' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/בלי פרטי הבעלים/);
    expect(screen.getByRole('region', { name: 'שיתוף עם הרשת' })).toBeInTheDocument();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', body: { shared: true } }]);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toEqual({
      method: 'PUT',
      body: { shared: false },
    });
  });

  it('a refusal leaves the switch as it was', async () => {
    serve(
      (call) =>
        call.method === 'PUT'
          ? json(403, { status: 'fail', message: 'אין הרשאה' })
          : json(200, { status: 'success', data: { network: network() } }),
      <NetworkShareSwitch propertyId="p1" />,
    );
    const toggle = await screen.findByRole('switch', { name: 'הנכס משותף עם הרשת' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeDisabled());
    expect(toggle).not.toBeChecked();
  });

  it('shows nothing to who may not switch it', async () => {
    serve(
      () => json(200, { status: 'success', data: { network: network({ mayShare: false }) } }),
      <NetworkShareSwitch propertyId="p1" />,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it("another branch's staff read the mark and whom to call, no switch", async () => {
    serve(
      () =>
        json(200, {
          status: 'success',
          data: {
            network: network({ shared: true, own: false, mayShare: false, mark: 'נכס משותף · סניף חיפה' }),
          },
        }),
      <>
        <SharedPropertyNote propertyId="p1" />
        <NetworkShareSwitch propertyId="p1" />
      </>,
    );
    const note = await screen.findByRole('region', { name: 'נכס משותף · סניף חיפה' });
    expect(note).toHaveTextContent('לא לשנות אותו');
    expect(screen.getByRole('link', { name: /לתיאום: סניף חיפה/ })).toHaveAttribute('href', 'tel:048123456');
    expect(screen.getByText('050-1234567')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
