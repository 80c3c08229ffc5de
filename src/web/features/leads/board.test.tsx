import type { LeadSummary } from '@shared/schemas/pipeline';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LeadBoard } from './board';
import type { Board } from './pipeline-api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const lead = (id: string, name: string, status: LeadSummary['status']): LeadSummary => ({
  _id: id,
  contactId: `c-${id}`,
  name,
  phone: '+972501234567',
  source: 'homeForm',
  category: 'קונה',
  status,
  property: null,
  message: '',
  owner: { _id: 'a1', name: 'סוכנת א', gender: 'female' as const },
  branch: { _id: 'b1', name: 'משרד ראשי', slug: 'main' },
  nextTouchAt: null,
  overdue: false,
  escalated: false,
  routingReason: 'סבב: הבא בתור',
  lossReason: null,
  lossText: null,
  firstContactAt: null,
  responseMinutes: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

const board: Board = {
  columns: (['new', 'contacted', 'meeting', 'tour', 'offer', 'deal', 'lost'] as const).map((status) => ({
    status,
    total: status === 'new' ? 1 : 0,
    leads: status === 'new' ? [lead('l1', 'משפחת כהן', 'new')] : [],
    nextCursor: null,
  })),
};

/** Records the PATCH bodies; answers 400 with a field error when told to. */
function fakeApi(
  answer: () => Response | Promise<Response> = () => json(200, { status: 'success', data: { lead: {} } }),
) {
  const patches: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH' && url === '/api/v1/pipeline/leads/l1') {
        patches.push(JSON.parse(String(init.body)));
        return answer();
      }
      return json(404, { message: 'לא נמצא' });
    }),
  );
  return patches;
}

const renderBoard = () =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LeadBoard board={board} showOwner />
      </QueryClientProvider>
    </MemoryRouter>,
  );

const column = (name: RegExp) => screen.getByRole('listitem', { name });

afterEach(() => vi.unstubAllGlobals());

// jsdom has <dialog> without its modal methods: open and close it as a browser would.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

describe('LeadBoard', { timeout: 20_000 }, () => {
  it('loads a column\'s next cards with its visible "טעינת עוד" button, and hides it once all are shown', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return json(200, {
          status: 'success',
          data: { status: 'new', leads: [lead('l2', 'משפחת לוי', 'new')], nextCursor: null },
        });
      }),
    );
    const partial: Board = {
      columns: board.columns.map((c) =>
        c.status === 'new' ? { ...c, total: 2, nextCursor: 'after-l1' } : c,
      ),
    };
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <LeadBoard board={partial} filter={{ ownerId: 'a1', source: '' }} showOwner />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(within(column(/^חדש/)).getByRole('heading').textContent).toBe('חדש (1 מתוך 2)');
    const more = screen.getByRole('button', { name: 'טעינת עוד לידים בעמודה חדש' });
    expect(more).toHaveTextContent('טעינת עוד');
    await userEvent.setup().click(more);
    await waitFor(() =>
      expect(within(column(/^חדש/)).getByRole('link', { name: 'משפחת לוי' })).toBeVisible(),
    );
    expect(urls).toEqual(['/api/v1/pipeline/board/column?ownerId=a1&status=new&cursor=after-l1']);
    expect(within(column(/^חדש/)).getByRole('heading').textContent).toBe('חדש (2)');
    expect(screen.queryByRole('button', { name: /טעינת עוד/ })).toBeNull();
  });

  it('shows seven columns in pipeline order with their counts', () => {
    fakeApi();
    renderBoard();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'חדש (1)',
      'נוצר קשר (0)',
      'נקבעה פגישה (0)',
      'סיור/ביקור בנכס (0)',
      'הצעת מחיר (0)',
      'עסקה (0)',
      'לא רלוונטי (0)',
    ]);
    expect(within(column(/^חדש/)).getByRole('link', { name: 'משפחת כהן' })).toHaveAttribute(
      'href',
      '/Leads/l1',
    );
  });

  it('moves a card by its "העבר ל…" menu with the keyboard alone, and shows it in the new column at once', async () => {
    // The server answers only once the card was seen in its new column.
    let answer: (response: Response) => void = () => undefined;
    const patches = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    renderBoard();
    const user = userEvent.setup();
    const menu = screen.getByRole('button', { name: 'העברת הליד של משפחת כהן לשלב אחר' });
    menu.focus();
    await user.keyboard('{Enter}');
    // The list opens with the focus on its first stage; Tab reaches the next ones.
    expect(screen.getByRole('button', { name: 'נוצר קשר' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'נקבעה פגישה' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(patches).toEqual([{ status: 'meeting' }]);
    expect(within(column(/^נקבעה פגישה/)).getByText('משפחת כהן')).toBeInTheDocument();
    expect(within(column(/^חדש/)).queryByText('משפחת כהן')).toBeNull();
    answer(json(200, { status: 'success', data: { lead: {} } }));
  });

  it('Escape closes the menu and gives the focus back to its button', async () => {
    fakeApi();
    renderBoard();
    const user = userEvent.setup();
    const menu = screen.getByRole('button', { name: 'העברת הליד של משפחת כהן לשלב אחר' });
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('asks why before "לא רלוונטי": a reason is required, and "אחר" needs a text', async () => {
    const patches = fakeApi();
    renderBoard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'העברת הליד של משפחת כהן לשלב אחר' }));
    await user.click(screen.getByRole('button', { name: 'לא רלוונטי' }));
    const dialog = screen.getByRole('dialog', { name: 'העברת הליד של משפחת כהן ללא רלוונטי' });
    await user.click(within(dialog).getByRole('button', { name: 'העברה' }));
    expect(within(dialog).getByText('יש לבחור סיבה')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('סיבה'), 'אחר');
    await user.click(within(dialog).getByRole('button', { name: 'העברה' }));
    expect(within(dialog).getByText('יש לפרט את הסיבה')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('פירוט'), 'עבר לגור בחו"ל');
    await user.click(within(dialog).getByRole('button', { name: 'העברה' }));
    await waitFor(() =>
      expect(patches).toEqual([{ status: 'lost', lossReason: 'other', lossText: 'עבר לגור בחו"ל' }]),
    );
  });

  it('a refused move goes back to its column', async () => {
    fakeApi(() => json(403, { message: 'אפשר לעבוד רק על לידים שבבעלותך' }));
    renderBoard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'העברת הליד של משפחת כהן לשלב אחר' }));
    await user.click(screen.getByRole('button', { name: 'עסקה' }));
    await waitFor(() => expect(within(column(/^חדש/)).getByText('משפחת כהן')).toBeInTheDocument());
    expect(within(column(/^עסקה/)).queryByText('משפחת כהן')).toBeNull();
  });
});
