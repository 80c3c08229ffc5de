import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@web/lib/toast';
import { fakeApi, json } from '@web/test/fake-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewingHours } from './viewing-hours';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function setup(answerPut: (body: unknown) => Response) {
  const calls = fakeApi((call) => {
    if (call.method === 'PUT') return answerPut(call.body);
    return json(200, {
      status: 'success',
      data: { windows: [{ weekday: 0, from: '09:00', to: '13:00' }], blocks: [] },
    });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ViewingHours agentId="a1" />
    </QueryClientProvider>,
  );
  return calls;
}

describe('the agent’s viewing hours', () => {
  it('shows the week as saved, and saves the days opened with their hours', async () => {
    const calls = setup(() => json(200, { status: 'success', data: { windows: [], blocks: [] } }));
    expect(await screen.findByLabelText('ראשון: משעה')).toHaveValue('09:00');
    expect(screen.getByRole('checkbox', { name: 'ראשון' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'שני' })).not.toBeChecked();
    expect(screen.queryByLabelText('שני: משעה')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'מוצאי שבת' }));
    expect(screen.getByLabelText('מוצאי שבת: משעה')).toHaveValue('20:00');
    await user.click(screen.getByRole('button', { name: 'שמירת השעות' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('שעות הביקורים נשמרו'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/v1/agents/a1/viewing-availability');
    expect(put?.body).toEqual({
      windows: [
        { weekday: 0, from: '09:00', to: '13:00' },
        { weekday: 6, from: '20:00', to: '22:00' },
      ],
    });
  });

  it('puts the server’s refusal on the day’s field', async () => {
    setup(() =>
      json(400, {
        status: 'fail',
        code: 'VALIDATION',
        message: 'שעת הסיום חייבת להיות אחרי שעת ההתחלה',
        fieldErrors: { 'windows.0.to': 'שעת הסיום חייבת להיות אחרי שעת ההתחלה' },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'שמירת השעות' }));
    expect(await screen.findByText('שעת הסיום חייבת להיות אחרי שעת ההתחלה')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalled();
  });
});
