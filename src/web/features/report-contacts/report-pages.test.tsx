import { REPORT_MESSAGES } from '@shared/schemas/report-contact';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminReportViewPage } from './admin-report-view-page';
import { MonthlyCheck } from './monthly-check';
import { ReportForm } from './report-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PROPERTIES: Record<string, { _id: string; address: string; city: string }[]> = {
  a1: [{ _id: 'p1', address: 'הרצל 10', city: 'חיפה' }],
  a2: [{ _id: 'p2', address: 'בלפור 3', city: 'תל אביב' }],
};

/** A tiny fake of the API: routes by method and path; `create` decides the answer to POST /reportContact. */
function fakeApi(
  create: () => Response = () => json(201, { status: 'success', data: { data: {} } }),
  monthly?: () => Response,
) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    const props = url.match(/\/reportContact\/properties\/(\w+)/);
    if (props) return json(200, { status: 'success', data: { properties: PROPERTIES[props[1]!] ?? [] } });
    if (url.endsWith('/users'))
      return json(200, {
        status: 'success',
        data: {
          data: [
            { _id: 'a1', name: 'סוכן א', role: 'agent' },
            { _id: 'a2', name: 'סוכנת ב', role: 'agent' },
            { _id: 'm1', name: 'מנהלת', role: 'admin' },
          ],
        },
      });
    if (url.endsWith('/reportContact/monthlyReport') && monthly) return monthly();
    if (url.endsWith('/reportContact/monthlyReport'))
      return json(200, {
        status: 'success',
        reportCount: 1,
        recommendedCount: 4,
        data: {
          statuses: [
            {
              _id: 'r1',
              statusDate: '2026-11-02',
              clientName: 'משפחת כהן',
              exclusiveProperty: 'הרצל 10',
              visits: 2,
              views: 30,
              inquiries: 1,
              note: '',
            },
          ],
        },
      });
    if (url.endsWith('/reportContact')) return create();
    return json(404, { status: 'fail', message: 'לא נמצא' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderWithQuery(node: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** 15 June 2026 at noon in Israel: July has not started yet. */
const inJune = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T09:00:00Z'));
};
const monthlyCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.endsWith('/monthlyReport'));

describe('ReportForm', () => {
  it("sends the chosen property's address for the agent and resets to the defaults", async () => {
    const calls = fakeApi();
    renderWithQuery(<ReportForm agentId="a1" />);
    const select = screen.getByLabelText('נכס בלעדי');
    await screen.findByRole('option', { name: 'הרצל 10, חיפה' });
    await userEvent.type(screen.getByLabelText('שם הלקוח (המוכר)'), 'משפחת לוי');
    await userEvent.selectOptions(select, 'p1');
    await userEvent.clear(screen.getByLabelText('ביקורים'));
    await userEvent.type(screen.getByLabelText('ביקורים'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת הדוח' }));
    await waitFor(() => expect(screen.getByLabelText('שם הלקוח (המוכר)')).toHaveValue(''));
    expect(select).toHaveValue('');
    expect(screen.getByLabelText('ביקורים')).toHaveValue(0);
    const sent = calls.find((c) => c.url === '/api/v1/reportContact')?.body;
    expect(sent).toMatchObject({
      clientName: 'משפחת לוי',
      exclusiveProperty: 'הרצל 10',
      propertyId: 'p1',
      agent: 'a1',
      visits: 3,
      views: 0,
    });
  });

  it('keeps the values and shows the server message on its field when refused', async () => {
    fakeApi(() =>
      json(400, {
        status: 'fail',
        code: 'VALIDATION',
        message: 'התאריך אינו יכול להיות אחרי היום',
        fieldErrors: { statusDate: 'התאריך אינו יכול להיות אחרי היום' },
      }),
    );
    renderWithQuery(<ReportForm agentId="a1" />);
    await screen.findByRole('option', { name: 'הרצל 10, חיפה' });
    await userEvent.type(screen.getByLabelText('שם הלקוח (המוכר)'), 'משפחת לוי');
    await userEvent.selectOptions(screen.getByLabelText('נכס בלעדי'), 'p1');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת הדוח' }));
    expect(await screen.findByText('התאריך אינו יכול להיות אחרי היום')).toBeInTheDocument();
    expect(screen.getByLabelText('שם הלקוח (המוכר)')).toHaveValue('משפחת לוי');
  });

  it('validates on the client before sending', async () => {
    const calls = fakeApi();
    renderWithQuery(<ReportForm agentId="a1" />);
    await userEvent.type(screen.getByLabelText('שם הלקוח (המוכר)'), 'א');
    await userEvent.click(screen.getByRole('button', { name: 'שליחת הדוח' }));
    expect(await screen.findByText('שם הלקוח חייב להכיל לפחות 2 תווים')).toBeInTheDocument();
    expect(screen.getByText('יש לבחור נכס בלעדי')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/reportContact')).toBe(false);
  });
});

describe('AdminReportViewPage', () => {
  it('lists agents only; choosing another agent reloads properties and clears property and results', async () => {
    fakeApi();
    renderWithQuery(<AdminReportViewPage />);
    const agent = screen.getByLabelText('סוכן');
    await screen.findByRole('option', { name: 'סוכן א' });
    expect(within(agent).queryByRole('option', { name: 'מנהלת' })).toBeNull();
    expect(within(screen.getByLabelText('שנה')).getAllByRole('option')).toHaveLength(5);
    await userEvent.selectOptions(agent, 'a1');
    const property = screen.getByLabelText('נכס בלעדי');
    await within(property).findByRole('option', { name: 'הרצל 10, חיפה' });
    await userEvent.selectOptions(property, 'הרצל 10');
    await userEvent.click(screen.getByRole('button', { name: 'בדיקה' }));
    expect(await screen.findByText('1 מתוך 4 דוחות')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'משפחת כהן' })).toBeInTheDocument();
    await userEvent.selectOptions(agent, 'a2');
    expect(screen.queryByText('1 מתוך 4 דוחות')).toBeNull();
    expect(property).toHaveValue('');
    await within(property).findByRole('option', { name: 'בלפור 3, תל אביב' });
    expect(within(property).queryByRole('option', { name: 'הרצל 10, חיפה' })).toBeNull();
  });

  it('refuses a month that has not started with its Hebrew message, without asking the server', async () => {
    inJune();
    const calls = fakeApi();
    renderWithQuery(<AdminReportViewPage />);
    await userEvent.selectOptions(
      screen.getByLabelText('סוכן'),
      await screen.findByRole('option', { name: 'סוכן א' }),
    );
    await userEvent.selectOptions(screen.getByLabelText('חודש'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'בדיקה' }));
    expect(await screen.findByText(REPORT_MESSAGES.monthNotStarted)).toBeInTheDocument();
    expect(screen.getByLabelText('חודש')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/מתוך 4/)).toBeNull();
    expect(monthlyCalls(calls)).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('חודש'), '6');
    await userEvent.click(screen.getByRole('button', { name: 'בדיקה' }));
    expect(await screen.findByText('1 מתוך 4 דוחות')).toBeInTheDocument();
    expect(screen.queryByText(REPORT_MESSAGES.monthNotStarted)).toBeNull();
    expect(monthlyCalls(calls)).toHaveLength(1);
  });

  it('shows the server’s reason when it refuses the check', async () => {
    const reason = 'החודש שבחרת עוד לא התחיל לפי השרת';
    fakeApi(undefined, () =>
      json(400, {
        status: 'fail',
        code: 'VALIDATION',
        message: 'הנתונים שנשלחו אינם תקינים',
        fieldErrors: { month: reason },
      }),
    );
    renderWithQuery(<AdminReportViewPage />);
    await userEvent.selectOptions(
      screen.getByLabelText('סוכן'),
      await screen.findByRole('option', { name: 'סוכן א' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'בדיקה' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByText(/מתוך 4/)).toBeNull();
  });
});

describe('MonthlyCheck', () => {
  it('refuses a month that has not started, and shows the server’s reason when it refuses', async () => {
    inJune();
    const reason = 'סיבה מהשרת';
    const calls = fakeApi(undefined, () =>
      json(400, { status: 'fail', code: 'VALIDATION', message: reason, fieldErrors: { month: reason } }),
    );
    renderWithQuery(<MonthlyCheck agentId="a1" />);
    const month = screen.getByLabelText('חודש');
    fireEvent.change(month, { target: { value: '2026-07' } });
    await userEvent.click(screen.getByRole('button', { name: 'בדיקה' }));
    expect(await screen.findByText(REPORT_MESSAGES.monthNotStarted)).toBeInTheDocument();
    expect(monthlyCalls(calls)).toHaveLength(0);
    fireEvent.change(month, { target: { value: '2026-05' } });
    await userEvent.click(screen.getByRole('button', { name: 'בדיקה' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(monthlyCalls(calls)).toHaveLength(1);
  });

  it('clears an earlier result when the next month asked for has not started', async () => {
    inJune();
    fakeApi();
    renderWithQuery(<MonthlyCheck agentId="a1" />);
    const month = screen.getByLabelText('חודש');
    await userEvent.click(screen.getByRole('button', { name: 'בדיקה' }));
    expect(await screen.findByText('1 מתוך 4 דוחות')).toBeInTheDocument();
    fireEvent.change(month, { target: { value: '2026-07' } });
    await userEvent.click(screen.getByRole('button', { name: 'בדיקה' }));
    expect(await screen.findByText(REPORT_MESSAGES.monthNotStarted)).toBeInTheDocument();
    expect(screen.queryByText(/מתוך 4/)).toBeNull();
  });
});
