import type { Indicator } from '@shared/schemas/indicator';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DailyStatusTable } from './daily-status-table';

const agent = [{ _id: 'u1', name: 'דנה', role: 'agent' }];
const figures = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };
const row = (id: string, createdAt: string, extra: Partial<Indicator>): Indicator => ({
  _id: id,
  agent,
  ...figures,
  createdAt,
  activity: null,
  ...extra,
});
const fromLead = (leadId: string) => ({ _id: `a-${leadId}`, leadId, kind: 'buyerTour' as const });

// 24.11.2026 in Israel: a typed entry and two buyer tours logged on leads; 23.11: a typed entry alone.
const rows = [
  row('t24', '2026-11-24T15:00:00.000Z', { meetings: 2, buyerTours: 1 }),
  row('x1', '2026-11-24T09:00:00.000Z', { buyerTours: 1, activity: fromLead('l1') }),
  row('x2', '2026-11-24T08:00:00.000Z', { buyerTours: 1, activity: fromLead('l2') }),
  row('t23', '2026-11-23T12:00:00.000Z', { meetings: 4 }),
];

const renderTable = (editing: boolean) =>
  render(
    <MemoryRouter>
      <DailyStatusTable
        indicators={rows}
        canEdit
        editing={editing}
        drafts={{}}
        onDraft={vi.fn()}
        onDelete={vi.fn()}
      />
    </MemoryRouter>,
  );

describe('the daily status table', () => {
  it('shows one row per day: the figures from activities join the typed entry, marked as such', () => {
    renderTable(false);
    const body = screen.getAllByRole('row').slice(1);
    expect(body).toHaveLength(2);
    const [day24, day23] = body as [HTMLElement, HTMLElement];
    expect(within(day24).getByRole('rowheader')).toHaveTextContent('24.11.2026כולל 2 פעילויות בלידים');
    const cells = within(day24).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(/^2$/); // meetings: typed only
    expect(cells[3]).toHaveTextContent('3מתוכם 2 מפעילויות'); // buyer tours: 1 typed + 2 from leads
    expect(within(day24).getAllByRole('link', { name: 'לליד שממנו נרשם הנתון של 24.11.2026' })).toHaveLength(
      2,
    );
    expect(within(day24).getAllByRole('button', { name: /^מחיקת הסטטוס/ })).toHaveLength(1);
    expect(within(day23).getByRole('rowheader')).toHaveTextContent(/^23\.11\.2026$/);
    expect(within(day23).getAllByRole('cell')[0]).toHaveTextContent(/^4$/);
  });

  it('edits only the typed entry of a day; the figures from activities stay beside it', () => {
    renderTable(true);
    const meetings = screen.getByRole('spinbutton', { name: /פגישות.*24\.11\.2026/ });
    expect(meetings).toHaveValue(2);
    expect(screen.getAllByRole('spinbutton', { name: /24\.11\.2026/ })).toHaveLength(6);
    expect(screen.getByRole('spinbutton', { name: /סיורי קונים.*24\.11\.2026/ })).toHaveValue(1);
    expect(screen.getByText('מתוכם 2 מפעילויות')).toBeInTheDocument();
  });
});
