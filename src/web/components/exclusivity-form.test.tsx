import { addMonths, EXCLUSIVITY_MESSAGES } from '@shared/domain/exclusivity';
import { israelDate } from '@shared/domain/israel-time';
import type { OrderDraft } from '@shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExclusivityForm } from './exclusivity-form';

const propertyId = '44444444-4444-4444-8444-444444444444';
const draft: OrderDraft = {
  propertyId,
  side: 'seller',
  transactionKind: 'sale',
  clientName: '',
  clientPhone: '',
  clientEmail: '',
  properties: [{ propertyId, address: 'מוריה 10, חיפה' }],
  approxPrice: 2_000_000,
  brokers: [{ name: 'מתווך מורשה', licenceNumber: '3012345' }],
  brokerAddress: 'מוריה 50',
};

function renderForm(onSent = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ExclusivityForm draft={draft} onSent={onSent} onCancel={() => {}} />
    </QueryClientProvider>,
  );
  return onSent;
}

const serve = () =>
  fakeApi((call: ApiCall) => {
    if (call.method === 'POST' && call.url === '/api/v1/exclusivities')
      return json(201, { status: 'success', data: { exclusivity: { _id: 'e1' } } });
    if (call.method === 'POST' && call.url === '/api/v1/orders/e1/send')
      return json(200, {
        status: 'success',
        data: {
          order: { _id: 'e1' },
          link: 'https://x/sign/t',
          whatsappUrl: 'https://wa.me/1',
          smsSent: false,
          expiresAt: '',
        },
      });
    return json(500, { status: 'error', message: 'unexpected' });
  });

afterEach(() => vi.unstubAllGlobals());

async function fillClient(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /שם הלקוח/ }), 'משה לוי');
  await user.type(screen.getByRole('textbox', { name: /מספר זהות/ }), '039337423');
  await user.type(screen.getByRole('textbox', { name: /כתובת הלקוח/ }), 'הנביאים 5, חיפה');
  await user.type(screen.getByRole('textbox', { name: /טלפון נייד/ }), '0527654321');
  await user.type(screen.getByRole('textbox', { name: /גובה דמי התיווך/ }), '2');
}

describe('the exclusivity form', () => {
  it('is prefilled with the property, its price, a 6-month term and two actions', () => {
    serve();
    renderForm();
    expect(screen.getByText('מוריה 10, חיפה')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /מחיר משוער/ })).toHaveValue('2000000');
    expect(screen.getByLabelText(/סיום הבלעדיות/)).toHaveValue(addMonths(israelDate(), 6));
    expect(screen.getByRole('checkbox', { name: /הצבת שלט/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /פרסום באינטרנט/ })).toBeChecked();
  });

  it('refuses fewer than two actions on the field and sends nothing, then issues and sends', async () => {
    const calls = serve();
    const onSent = renderForm();
    const user = userEvent.setup();
    await fillClient(user);
    await user.click(screen.getByRole('checkbox', { name: /פרסום באינטרנט/ }));
    await user.click(screen.getByRole('button', { name: 'יצירה ושליחה ללקוח' }));
    expect(await screen.findByText(EXCLUSIVITY_MESSAGES.actionsMin)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /קיום בית פתוח/ }));
    await user.click(screen.getByRole('button', { name: 'יצירה ושליחה ללקוח' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    const created = calls.find((c) => c.url === '/api/v1/exclusivities');
    expect(created?.body).toMatchObject({
      propertyId,
      side: 'seller',
      clientIdNumber: '039337423',
      termStart: israelDate(),
      termEnd: addMonths(israelDate(), 6),
      marketingActions: ['sign', 'open-house'],
      feeValue: 2,
    });
  });
});
