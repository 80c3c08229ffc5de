import type { Property } from '@shared/schemas/property';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@web/lib/toast';
import { activeUsersQuery } from '@web/lib/users';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PropertyCard } from './property-card';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const property = {
  _id: 'prop1',
  typeTransaction: 'מכירה',
  sold: false,
  pinuy_binuy: false,
  exclusive: false,
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
  features: [],
  description: '',
  image: null,
  images: [],
  photos: [],
  agent: null,
  agentSecend: null,
  branch: { _id: 'b1', name: 'משרד ראשי', slug: 'main', phone: '03-555-1234' },
  createdAt: '2026-11-01T10:00:00.000Z',
  location: null,
} as Property;

/** The listing's own wiring: one card at a time in edit mode. */
function Listing() {
  const [editing, setEditing] = useState(false);
  return (
    <PropertyCard
      property={property}
      isAdmin
      editing={editing}
      onEdit={() => setEditing(true)}
      onDone={() => setEditing(false)}
    />
  );
}

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(activeUsersQuery.queryKey, []);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Listing />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();
const deletes = (calls: ApiCall[]) => calls.filter((c) => c.method === 'DELETE').map((c) => c.url);

beforeAll(() => {
  // jsdom has no modal dialogs; open/close is all ConfirmDialog needs.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("an admin's property card", () => {
  it('moves the focus into the edit form, and Escape closes it and gives the focus back to the edit button', async () => {
    const calls = fakeApi(() => json(200, {}));
    setup();
    await user.click(screen.getByRole('button', { name: 'עריכה' }));

    const heading = await screen.findByRole('heading', { name: /מוריה 40/ });
    expect(screen.getByRole('form', { name: heading.textContent ?? '' })).toContainElement(heading);
    expect(heading).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('סוג עסקה')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: 'עריכה' })).toHaveFocus();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    // Cancel does the same.
    await user.keyboard('{Enter}');
    await screen.findByRole('form');
    await user.click(screen.getByRole('button', { name: 'ביטול' }));
    expect(screen.getByRole('button', { name: 'עריכה' })).toHaveFocus();
  });

  it('deletes only after its own Hebrew confirmation dialog, and cancel sends nothing', async () => {
    const calls = fakeApi(() => json(200, { status: 'success', data: null }));
    setup();
    await user.click(screen.getByRole('button', { name: 'מחיקה' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleDescription('למחוק את הנכס במוריה 40? לא ניתן לבטל פעולה זו.');
    await user.click(within(dialog).getByRole('button', { name: 'ביטול' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'מחיקה' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'מחיקה' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('הנכס נמחק בהצלחה'));
    expect(deletes(calls)).toEqual(['/api/v1/property/prop1']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
