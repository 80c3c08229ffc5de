import { addMonths, EXCLUSIVITY_MESSAGES } from '@shared/domain/exclusivity';
import { israelDate } from '@shared/domain/israel-time';
import type { Exclusivity } from '@shared/schemas/exclusivities';
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

function renderForm(onSent = vi.fn(), replaces?: Exclusivity) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ExclusivityForm
        draft={draft}
        {...(replaces ? { replaces } : {})}
        onSent={onSent}
        onCancel={() => {}}
      />
    </QueryClientProvider>,
  );
  return onSent;
}

const signed: Exclusivity = {
  _id: '55555555-5555-4555-8555-555555555555',
  leadId: null,
  agentId: null,
  agentName: null,
  side: 'seller',
  transactionKind: 'sale',
  clientName: 'משה לוי',
  clientIdNumber: '039337423',
  clientAddress: 'הנביאים 5, חיפה',
  clientPhone: '052-7654321',
  clientEmail: null,
  agencyName: 'הסוכנות',
  brokerName: 'מתווך מורשה',
  brokerLicence: '3012345',
  brokerAddress: 'מוריה 50',
  properties: [{ propertyId, address: 'מוריה 10, חיפה' }],
  approxPrice: 2_100_000,
  feeAgorot: null,
  feePercentHundredths: 150,
  vatIncluded: true,
  status: 'signed',
  replacesOrderId: null,
  revokeReason: null,
  createdAt: '2026-11-01T10:00:00Z',
  sentAt: '2026-11-01T10:00:00Z',
  openedAt: null,
  signedAt: '2026-11-01T11:00:00Z',
  linkExpiresAt: null,
  phoneProof: 'link',
  htmlSha256: null,
  pdfSha256: null,
  propertyId,
  termStart: '2026-11-01',
  termEnd: '2027-05-01',
  marketingActions: ['sign', 'newspaper'],
  actions: [],
  noActionWarning: false,
  notices: [],
};

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

  it('corrects a signed exclusivity: starts from it as signed and names it', async () => {
    const calls = serve();
    const onSent = renderForm(vi.fn(), signed);
    expect(screen.getByTestId('exclusivity-correction-of')).toHaveTextContent('בלעדיות מתקנת');
    expect(screen.getByRole('textbox', { name: /שם הלקוח/ })).toHaveValue('משה לוי');
    expect(screen.getByRole('checkbox', { name: /פרסום מודעה בעיתון/ })).toBeChecked();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'יצירה ושליחה ללקוח' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/v1/exclusivities')?.body).toMatchObject({
      replacesOrderId: signed._id,
      clientIdNumber: '039337423',
      feeKind: 'percent',
      feeValue: 1.5,
      vatIncluded: true,
      termStart: '2026-11-01',
      termEnd: '2027-05-01',
      marketingActions: ['sign', 'newspaper'],
    });
  });
});
