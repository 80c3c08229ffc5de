import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewingBooking } from './viewing-booking';

const slot = (start: string, end: string) => ({ start, end, seatsLeft: 1 });
// 10:00 and 11:00 in Israel on 1.12.2026 (UTC+2).
const first = slot('2026-12-01T08:00:00.000Z', '2026-12-01T08:30:00.000Z');
const second = slot('2026-12-01T09:00:00.000Z', '2026-12-01T09:30:00.000Z');
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderBooking() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ViewingBooking propertyId="p1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ViewingBooking', () => {
  it('lists the free slots in a form that posts to the page, and books the one chosen', async () => {
    const posts: unknown[] = [];
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (!init?.method || init.method === 'GET')
        return json(200, {
          status: 'success',
          data: { bookingMode: 'instant', capacity: 1, slots: [first, second] },
        });
      posts.push(JSON.parse(String(init.body)));
      return json(201, {
        status: 'success',
        message: 'הביקור נקבע',
        data: { viewing: { status: 'confirmed' } },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderBooking();
    expect(await screen.findByRole('heading', { name: 'קביעת ביקור בנכס' })).toBeInTheDocument();
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/PropertyView/p1#viewing');
    expect((container.querySelector('input[name="form"]') as HTMLInputElement).value).toBe('viewing');
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(screen.getByLabelText('יום ג׳ 1.12.2026, 10:00–10:30')).toBeChecked();
    await userEvent.click(screen.getByLabelText('יום ג׳ 1.12.2026, 11:00–11:30'));
    await userEvent.type(screen.getByLabelText(/^שם/), 'דנה');
    await userEvent.type(screen.getByLabelText(/^טלפון נייד/), '050-123-4567');
    await userEvent.click(screen.getByRole('button', { name: 'קביעת הביקור' }));
    expect(await screen.findByText('הביקור נקבע. נתראה בנכס!')).toBeInTheDocument();
    expect(posts[0]).toMatchObject({ name: 'דנה', phone: '050-123-4567', slots: [second.start] });
  });

  it('a slot taken meanwhile says so and offers the next free slots', async () => {
    const later = slot('2026-12-01T10:00:00.000Z', '2026-12-01T10:30:00.000Z');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        !init?.method || init.method === 'GET'
          ? json(200, { status: 'success', data: { bookingMode: 'request', capacity: 1, slots: [first] } })
          : json(409, {
              status: 'fail',
              code: 'CONFLICT',
              message: 'המועד הזה כבר נתפס. אפשר לבחור אחד מהמועדים הפנויים הבאים',
              fieldErrors: { slots: 'המועד הזה כבר נתפס. אפשר לבחור אחד מהמועדים הפנויים הבאים' },
              slots: [later],
            }),
      ),
    );
    renderBooking();
    await userEvent.type(await screen.findByLabelText(/^שם/), 'דנה');
    await userEvent.type(screen.getByLabelText(/^טלפון נייד/), '050-123-4567');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת בקשה לביקור' }));
    expect(
      await screen.findAllByText('המועד הזה כבר נתפס. אפשר לבחור אחד מהמועדים הפנויים הבאים'),
    ).not.toHaveLength(0);
    expect(screen.getByLabelText('יום ג׳ 1.12.2026, 12:00–12:30')).toBeInTheDocument();
    expect(screen.queryByLabelText('יום ג׳ 1.12.2026, 10:00–10:30')).toBeNull();
  });
});
