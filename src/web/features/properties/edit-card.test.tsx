import { PROPERTY_MESSAGES, type Property } from '@shared/schemas/property';
import type { User } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@web/lib/toast';
import { activeUsersQuery } from '@web/lib/users';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditCard } from './edit-card';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const AGENT_ID = '0b7f4c7e-3c2a-4e52-9d8e-6b9a1f0c2d11';
const agent = {
  _id: AGENT_ID,
  name: 'דנה לוי',
  email: 'dana@example.com',
  phone_number: '0501234567',
  role: 'agent',
  companyRole: '',
  aboutMe: '',
  image: null,
  active: true,
} as User;

const property: Property = {
  _id: 'prop1',
  typeTransaction: 'מכירה',
  sold: false,
  pinuy_binuy: false,
  exclusive: true,
  yad2: null,
  city: 'חיפה',
  address: 'מוריה 40',
  price: 1_800_000,
  category: 'דירה',
  rooms: 4,
  floor: null,
  size: null,
  entryDate: null,
  buildingFloors: null,
  neighbourhood: null,
  propertyCondition: null,
  features: ['מעלית'],
  description: 'מוארת',
  image: null,
  images: [],
  photos: [],
  agent: { _id: AGENT_ID, name: 'דנה לוי', phone_number: '0501234567', officePhone: false, image: null },
  agentSecend: null,
  branch: { _id: 'b1', name: 'משרד ראשי', slug: 'main', phone: '03-555-1234' },
  createdAt: '2026-11-01T10:00:00.000Z',
  location: null,
};

function setup({ agentsLoaded = true, shown = property } = {}) {
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  if (agentsLoaded) client.setQueryData(activeUsersQuery.queryKey, [agent]);
  render(
    <QueryClientProvider client={client}>
      <EditCard property={shown} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

const user = userEvent.setup();
const save = () => user.click(screen.getByRole('button', { name: 'שמירה' }));
const patches = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PATCH');

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the edit card', () => {
  it("keeps an agent the site does not show: the managers' answer names them, saving keeps them", async () => {
    const HIDDEN_ID = '5c1e2d3f-4a5b-4c6d-8e7f-901a2b3c4d5e';
    const hidden = {
      _id: HIDDEN_ID,
      name: 'שירה נסתרת',
      phone_number: '0527000001',
      officePhone: false,
      image: null,
    };
    const calls = fakeApi((call) =>
      call.url.endsWith('/agents')
        ? json(200, { status: 'success', data: { agent: hidden, agentSecend: null } })
        : json(200, { status: 'success', data: { data: property } }),
    );
    // The public answer leaves the hidden agent out.
    const onDone = setup({ shown: { ...property, agent: null } });
    await waitFor(() => expect(screen.getByLabelText('סוכן ראשי')).toHaveValue(HIDDEN_ID));
    expect(
      within(screen.getByLabelText('סוכן ראשי')).getByRole('option', { name: 'שירה נסתרת' }),
    ).toBeTruthy();
    await save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(patches(calls)[0]!.body).toMatchObject({ agent: HIDDEN_ID, agentSecend: null });
  });

  it('shows the property and PATCHes every field as the API types them, then closes', async () => {
    const calls = fakeApi(() => json(200, { status: 'success', data: { data: property } }));
    const onDone = setup();
    expect(screen.getByLabelText('עיר')).toHaveValue('חיפה');
    expect(screen.getByRole('checkbox', { name: 'בלעדיות' })).toBeChecked();
    expect(screen.getByLabelText('סוכן ראשי')).toHaveValue(AGENT_ID);

    const price = screen.getByLabelText('מחיר');
    await user.clear(price);
    await user.type(price, '1750000');
    await user.type(screen.getByLabelText('קומה'), '3');
    await user.click(screen.getByRole('checkbox', { name: 'מחסן' }));
    await save();

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [patch] = patches(calls);
    expect(patch!.url).toBe('/api/v1/property/prop1');
    expect(patch!.body).toEqual({
      typeTransaction: 'מכירה',
      sold: false,
      pinuy_binuy: false,
      exclusive: true,
      yad2: null,
      city: 'חיפה',
      address: 'מוריה 40',
      price: 1_750_000,
      category: 'דירה',
      rooms: 4,
      floor: '3',
      size: null,
      entryDate: null,
      buildingFloors: null,
      neighbourhood: null,
      propertyCondition: null,
      features: ['מעלית', 'מחסן'],
      description: 'מוארת',
      agent: AGENT_ID,
      agentSecend: null,
    });
    expect(toast.success).toHaveBeenCalledWith('הנכס עודכן בהצלחה');
  });

  it('shows the saved agent once the agent list arrives after the form', async () => {
    fakeApi((call) =>
      call.url === '/api/v1/users'
        ? json(200, { status: 'success', data: { data: [agent] } })
        : json(200, {}),
    );
    setup({ agentsLoaded: false });
    expect(await screen.findByRole('option', { name: 'דנה לוי', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('סוכן ראשי')).toHaveValue(AGENT_ID);
  });

  it("keeps an agent who no longer works as one on the property's select", async () => {
    fakeApi((call) =>
      call.url === '/api/v1/users' ? json(200, { status: 'success', data: { data: [] } }) : json(200, {}),
    );
    setup({ agentsLoaded: false });
    await waitFor(() => expect(screen.getByLabelText('סוכן ראשי')).toHaveValue(AGENT_ID));
    expect(screen.getByLabelText('סוכן משני')).toHaveValue('');
  });

  it('keeps a broken rule on its field and sends nothing', async () => {
    const calls = fakeApi(() => json(200, {}));
    const onDone = setup();
    await user.clear(screen.getByLabelText('עיר'));
    await user.type(screen.getByLabelText('חדרים'), '{backspace}-1');
    await save();

    const city = screen.getByLabelText('עיר');
    await waitFor(() => expect(city).toHaveAccessibleDescription(PROPERTY_MESSAGES.cityRequired));
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toBeRequired();
    expect(city).toHaveFocus();
    expect(screen.getByLabelText('חדרים')).toHaveAccessibleDescription(PROPERTY_MESSAGES.numberInvalid);
    expect(patches(calls)).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields and stays open", async () => {
    fakeApi(() =>
      json(400, {
        status: 'fail',
        code: 'VALIDATION',
        message: PROPERTY_MESSAGES.agentUnknown,
        fieldErrors: { agent: PROPERTY_MESSAGES.agentUnknown, 'features.0': 'מאפיין לא מוכר' },
      }),
    );
    const onDone = setup();
    await save();

    const agentSelect = screen.getByLabelText('סוכן ראשי');
    await waitFor(() => expect(agentSelect).toHaveAccessibleDescription(PROPERTY_MESSAGES.agentUnknown));
    // The first field with an error, in the card's order, takes the focus: the features group.
    const features = screen.getByRole('group', { name: 'מאפיינים' });
    expect(features).toHaveAccessibleDescription('מאפיין לא מוכר');
    expect(within(features).getAllByRole('checkbox')[0]).toHaveFocus();
    expect(toast.error).toHaveBeenCalledWith('שגיאה בעדכון הנכס');
    expect(onDone).not.toHaveBeenCalled();
  });
});
