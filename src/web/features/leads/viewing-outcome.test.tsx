import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyDayViewings } from './my-day-viewings';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const hourAgo = new Date(Date.now() - 3_600_000);
const ended = {
  _id: 'v9',
  status: 'confirmed',
  startsAt: hourAgo.toISOString(),
  endsAt: new Date(hourAgo.getTime() + 30 * 60_000).toISOString(),
  proposals: [],
  address: 'הגפן 3',
  city: 'חיפה',
  visitorName: 'רון לוי',
  visitorPhone: '050-765-4321',
  leadId: 'l9',
  outcome: null,
};

afterEach(() => vi.unstubAllGlobals());

function renderDay(posts: { url: string; body: unknown }[], answer?: (body: never) => Response) {
  let saved: unknown = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push({ url, body });
        if (answer) return answer(body as never);
        saved = body.tookPlace
          ? {
              tookPlace: true,
              interest: body.interest,
              notes: body.notes,
              recordedAt: new Date().toISOString(),
            }
          : { tookPlace: false, interest: null, notes: '', recordedAt: new Date().toISOString() };
        const viewing = { ...ended, status: body.tookPlace ? 'done' : 'no_show', outcome: saved };
        return json(200, { status: 'success', data: { viewing } });
      }
      const viewing = saved ? { ...ended, outcome: saved } : ended;
      return json(200, { status: 'success', data: { viewings: [viewing] } });
    }),
  );
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MyDayViewings />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('after the viewing on /MyDay', () => {
  it('asks how it was, takes the interest and a note by keyboard only, and shows the result', async () => {
    const posts: { url: string; body: unknown }[] = [];
    renderDay(posts);
    const question = await screen.findByRole('group', { name: 'איך היה הביקור?' });
    expect(within(question).getByRole('radio', { name: 'לא הגיע/ה' })).toBeInTheDocument();
    // No cancelling a viewing that is over.
    expect(screen.queryByRole('button', { name: 'ביטול הביקור' })).toBeNull();

    const user = userEvent.setup();
    // Keyboard only: tab to the first choice, pick it with the space bar.
    within(question).getByRole('radio', { name: 'התקיים' }).focus();
    await user.keyboard(' ');
    const interest = screen.getByRole('group', { name: 'מידת העניין של המבקר/ת' });
    expect(within(interest).getAllByRole('radio')).toHaveLength(5);
    // Saving without an interest is refused on the field.
    await user.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByText('יש לבחור את מידת העניין של המבקר/ת, מ־1 עד 5')).toBeInTheDocument();
    expect(posts).toEqual([]);

    within(interest).getByRole('radio', { name: '1 · לא מעוניין/ת' }).focus();
    await user.keyboard(' ');
    // Arrow keys move through the group (RTL: down moves on).
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(within(interest).getByRole('radio', { name: '4 · מעוניין/ת' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('textbox', { name: /הערה קצרה/ })).toHaveFocus();
    await user.keyboard('אהבו את המרפסת');
    await user.tab();
    expect(screen.getByRole('button', { name: 'שמירה' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(posts).toEqual([
        {
          url: '/api/v1/viewings/v9/outcome',
          body: { tookPlace: true, interest: 4, notes: 'אהבו את המרפסת' },
        },
      ]),
    );
    const result = await screen.findByTestId('viewing-outcome-result');
    expect(result).toHaveTextContent('הביקור התקיים · עניין 4 מתוך 5 (מעוניין/ת)');
    expect(result).toHaveTextContent('אהבו את המרפסת');
    expect(screen.queryByRole('group', { name: 'איך היה הביקור?' })).toBeNull();
  });

  it('records a no-show in one choice', async () => {
    const posts: { url: string; body: unknown }[] = [];
    renderDay(posts);
    const question = await screen.findByRole('group', { name: 'איך היה הביקור?' });
    await userEvent.click(within(question).getByRole('radio', { name: 'לא הגיע/ה' }));
    expect(screen.queryByRole('group', { name: 'מידת העניין של המבקר/ת' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByTestId('viewing-outcome-result')).toHaveTextContent('המבקר/ת לא הגיע/ה');
    expect(posts).toEqual([{ url: '/api/v1/viewings/v9/outcome', body: { tookPlace: false } }]);
  });

  it('keeps the form and shows the message when the server refuses', async () => {
    const posts: { url: string; body: unknown }[] = [];
    const message = 'אפשר לעדכן איך היה הביקור רק אחרי שמועד הביקור התחיל';
    renderDay(posts, () => json(400, { status: 'fail', message, fieldErrors: { tookPlace: message } }));
    const question = await screen.findByRole('group', { name: 'איך היה הביקור?' });
    await userEvent.click(within(question).getByRole('radio', { name: 'לא הגיע/ה' }));
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await within(question).findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTestId('viewing-outcome-result')).toBeNull();
  });
});
