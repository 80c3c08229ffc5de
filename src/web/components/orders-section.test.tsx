import type { Order, OrderDraft } from '@shared/schemas/orders';
import type { User } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrdersSection } from './orders-section';

const agent: User = {
  _id: '55555555-5555-4555-8555-555555555555',
  name: 'דנה לוי',
  email: 'agent@example.com',
  phone_number: '',
  officePhone: false,
  role: 'agent',
  gender: 'female',
  companyRole: null,
  image: null,
  aboutMe: '',
  branch: { _id: 'b1', name: 'תל אביב', slug: 'tel-aviv' },
  active: true,
  networkAccess: false,
  showOnSite: true,
  showPhone: true,
};

const signed: Order = {
  _id: '11111111-1111-4111-8111-111111111111',
  leadId: '33333333-3333-4333-8333-333333333333',
  agentId: '55555555-5555-4555-8555-555555555555',
  agentName: 'דנה לוי',
  side: 'buyer',
  transactionKind: 'purchase',
  clientName: 'יעל כהן',
  clientIdNumber: '039337423',
  clientAddress: 'הנביאים 5, חיפה',
  clientPhone: '0501234567',
  clientEmail: null,
  agencyName: 'הסוכנות',
  brokerName: 'מתווך מורשה',
  brokerLicence: '3012345',
  brokerAddress: 'מוריה 50',
  properties: [{ propertyId: '44444444-4444-4444-8444-444444444444', address: 'מוריה 10, חיפה' }],
  approxPrice: 1_500_000,
  feeAgorot: null,
  feePercentHundredths: 200,
  vatIncluded: false,
  status: 'signed',
  replacesOrderId: null,
  revokeReason: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  sentAt: '2026-11-20T08:01:00.000Z',
  openedAt: '2026-11-20T09:00:00.000Z',
  signedAt: '2026-11-20T09:05:00.000Z',
  linkExpiresAt: null,
  phoneProof: 'link',
  htmlSha256: 'a'.repeat(64),
  pdfSha256: 'b'.repeat(64),
};

const draft: OrderDraft = {
  leadId: '33333333-3333-4333-8333-333333333333',
  side: 'buyer',
  transactionKind: 'purchase',
  clientName: 'יעל כהן',
  clientPhone: '0501234567',
  clientEmail: '',
  properties: [{ propertyId: '44444444-4444-4444-8444-444444444444', address: 'מוריה 10, חיפה' }],
  approxPrice: 1_500_000,
  brokers: [{ name: 'מתווך מורשה', licenceNumber: '3012345' }],
  brokerAddress: 'מוריה 50',
};

function serve(answer: (call: ApiCall) => Response | undefined) {
  return fakeApi((call) => {
    if (call.url === '/api/v1/users/session') return json(200, { status: 'success', data: { user: agent } });
    if (call.url.startsWith('/api/v1/orders/draft')) return json(200, { status: 'success', data: { draft } });
    if (call.url.startsWith('/api/v1/orders?'))
      return json(200, { status: 'success', data: { orders: [signed] } });
    return answer(call) ?? json(500, { status: 'error', message: 'unexpected' });
  });
}

const renderSection = () => {
  localStorage.setItem('user', JSON.stringify(agent));
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter>
          <OrdersSection source={{ leadId: '33333333-3333-4333-8333-333333333333' }} />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('correcting a signed order', () => {
  it('opens a new order filled in as the signed one was, and issues it naming the order it replaces', async () => {
    const calls = serve((call) => {
      if (call.method === 'POST' && call.url === '/api/v1/orders')
        return json(201, {
          status: 'success',
          data: { order: { ...signed, _id: '22222222-2222-4222-8222-222222222222', status: 'sent' } },
        });
      if (call.method === 'POST' && call.url === '/api/v1/orders/22222222-2222-4222-8222-222222222222/send')
        return json(200, {
          status: 'success',
          data: {
            order: {
              ...signed,
              _id: '22222222-2222-4222-8222-222222222222',
              status: 'sent',
              replacesOrderId: '11111111-1111-4111-8111-111111111111',
            },
            link: 'https://example.com/sign/x',
            whatsappUrl: 'https://wa.me/972501234567',
            smsSent: false,
            expiresAt: '2026-12-01T00:00:00.000Z',
          },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(
      await screen.findByRole('button', { name: 'תיקון ההזמנה של יעל כהן: הזמנה חדשה במקומה' }),
    );
    expect(await screen.findByTestId('order-correction-note')).toHaveTextContent('ההזמנה שנחתמה לא משתנה');
    // Everything as signed, and the keyboard on the first field to change.
    const name = screen.getByRole('textbox', { name: /שם הלקוח/ });
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByRole('textbox', { name: /מספר זהות/ })).toHaveValue('039337423');
    expect(screen.getByRole('textbox', { name: /כתובת הלקוח/ })).toHaveValue('הנביאים 5, חיפה');
    const fee = screen.getByRole('textbox', { name: /גובה דמי התיווך/ });
    expect(fee).toHaveValue('2');
    await user.clear(fee);
    await user.type(fee, '1.5');
    await user.click(screen.getByRole('button', { name: 'יצירה ושליחה ללקוח' }));
    await screen.findByText('שליחה לחתימה');
    const created = calls.find((c) => c.method === 'POST' && c.url === '/api/v1/orders');
    expect(created?.body).toMatchObject({
      leadId: '33333333-3333-4333-8333-333333333333',
      replacesOrderId: '11111111-1111-4111-8111-111111111111',
      clientIdNumber: '039337423',
      clientAddress: 'הנביאים 5, חיפה',
      feeKind: 'percent',
      feeValue: 1.5,
      properties: [{ propertyId: '44444444-4444-4444-8444-444444444444', address: 'מוריה 10, חיפה' }],
    });
  });

  it('offers no correction for an order that is not signed', async () => {
    fakeApi((call) => {
      if (call.url === '/api/v1/users/session')
        return json(200, { status: 'success', data: { user: agent } });
      return json(200, {
        status: 'success',
        data: { orders: [{ ...signed, status: 'sent', signedAt: null }] },
      });
    });
    renderSection();
    await screen.findByTestId('order-item');
    expect(screen.queryByRole('button', { name: /תיקון ההזמנה/ })).toBeNull();
  });
});
