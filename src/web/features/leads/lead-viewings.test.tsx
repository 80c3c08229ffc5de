import { RECORD_MESSAGES } from '@shared/schemas/viewing-record';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeadViewings } from './lead-viewings';
import { MyDayViewings } from './my-day-viewings';

// The lead page's viewings: the "רישום ביקור" form sends the property, time and length, shows the server's
// Hebrew field message on its field, and on success the new viewing is listed; a started one asks its outcome.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PROPERTY = { _id: '6f0c8a4e-3b1a-4d2e-9c1f-1a2b3c4d5e6f', address: 'הזית 7', city: 'רעננה' };
const hourAgo = new Date(Date.now() - 3_600_000);
const past = {
  _id: 'v1',
  status: 'confirmed',
  startsAt: hourAgo.toISOString(),
  endsAt: new Date(hourAgo.getTime() + 1_800_000).toISOString(),
  address: PROPERTY.address,
  city: PROPERTY.city,
  outcome: null,
};

afterEach(() => vi.unstubAllGlobals());

function renderViewings(answer: (body: Record<string, unknown>) => Response) {
  const posts: Record<string, unknown>[] = [];
  let stored: (typeof past)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/property/getMyProperties/'))
        return json(200, { status: 'success', data: { data: [PROPERTY] } });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push(body);
        const response = answer(body);
        if (response.status === 201) stored = [past];
        return response;
      }
      return json(200, { status: 'success', data: { viewings: stored } });
    }),
  );
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LeadViewings leadId="8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d" agentId="a1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posts;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'רישום ביקור' }));
  const form = screen.getByRole('form', { name: 'רישום ביקור שנקבע בטלפון' });
  const select = within(form).getByLabelText(/נכס/);
  await within(select).findByRole('option', { name: 'הזית 7, רעננה' });
  await user.selectOptions(select, PROPERTY._id);
  await user.type(within(form).getByLabelText(/תאריך ושעה/), '2026-11-20T10:30');
  await user.type(within(form).getByLabelText(/משך בדקות/), '45');
  return form;
}

describe('recording a viewing on the lead page', () => {
  it("shows the server's Hebrew message on the date field and stores nothing", async () => {
    const user = userEvent.setup();
    const posts = renderViewings(() =>
      json(400, {
        status: 'fail',
        code: 'VALIDATION',
        message: RECORD_MESSAGES.tooFarBack,
        fieldErrors: { startsAt: RECORD_MESSAGES.tooFarBack },
      }),
    );
    const form = await fillForm(user);
    await user.click(within(form).getByRole('button', { name: 'שמירת הביקור' }));
    const field = within(form).getByLabelText(/תאריך ושעה/);
    await waitFor(() => expect(field).toHaveAccessibleDescription(RECORD_MESSAGES.tooFarBack));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([
      {
        propertyId: PROPERTY._id,
        leadId: '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        startsAt: '2026-11-20T10:30',
        minutes: 45,
      },
    ]);
    expect(screen.getByText('אין ביקורים לליד הזה')).toBeInTheDocument();
  });

  it('saved: the form closes, the viewing is listed and, its start passed, asks how it went', async () => {
    const user = userEvent.setup();
    renderViewings(() =>
      json(201, { status: 'success', message: RECORD_MESSAGES.recorded, data: { viewing: past } }),
    );
    const form = await fillForm(user);
    await user.click(within(form).getByRole('button', { name: 'שמירת הביקור' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'רישום ביקור שנקבע בטלפון' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText(/הזית 7, רעננה · נקבע/)).toBeInTheDocument();
    expect(screen.getByText('איך היה הביקור?')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'התקיים' })).toBeInTheDocument();
  });
});

describe('/MyDay: a viewing under way', () => {
  it('asks how it went as soon as its start passed, before its slot ends', async () => {
    const started = new Date(Date.now() - 10 * 60_000);
    const viewing = {
      ...past,
      startsAt: started.toISOString(),
      endsAt: new Date(started.getTime() + 30 * 60_000).toISOString(),
      proposals: [],
      visitorName: 'רון לוי',
      visitorPhone: '050-765-4321',
      leadId: 'l1',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { status: 'success', data: { viewings: [viewing] } })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MyDayViewings />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('איך היה הביקור?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ביטול הביקור' })).not.toBeInTheDocument();
  });
});
