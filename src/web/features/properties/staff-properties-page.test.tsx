import type { StaffProperty } from '@shared/schemas/network-share';
import type { Property } from '@shared/schemas/property';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffPropertiesPage } from './staff-properties-page';

const property = (id: string, address: string, branch = { _id: 'b-tlv', name: 'תל אביב' }): Property => ({
  _id: id,
  typeTransaction: 'מכירה',
  sold: false,
  pinuy_binuy: false,
  exclusive: false,
  yad2: null,
  city: 'חיפה',
  address,
  price: 1_900_000,
  category: 'דירה',
  rooms: 4,
  floor: '2',
  size: 100,
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
  branch: { ...branch, slug: branch._id, phone: '03-5551234' },
  createdAt: '2026-11-01T10:00:00.000Z',
  location: null,
});

const haifa = { _id: 'b-haifa', name: 'חיפה', phone: '04-8123456', email: 'haifa@example.com' };
const tlv = { _id: 'b-tlv', name: 'תל אביב', phone: '03-5551234', email: 'tlv@example.com' };
const ownItem: StaffProperty = {
  property: property('own-1', 'הרצל 5'),
  shared: true,
  own: true,
  mark: null,
  contact: { branch: tlv, agent: { _id: 'a-me', name: 'רונית כהן', phone: '052-1111111', email: 'r@x.co' } },
};
const sharedItem: StaffProperty = {
  property: property('shared-1', 'השיתוף 7', { _id: 'b-haifa', name: 'חיפה' }),
  shared: true,
  own: false,
  mark: 'נכס משותף · סניף חיפה',
  contact: { branch: haifa, agent: { _id: 'a-1', name: 'יוסי לוי', phone: '050-1234567', email: 'y@x.co' } },
};

const page = (items: StaffProperty[], more = false, n = 1) =>
  json(200, { status: 'success', data: { items, page: n, pageSize: 24, more } });

/** The list answers by its `which`: the own listing, the shared one, or both. */
const byChoice = (call: ApiCall) => {
  const query = new URL(call.url, 'http://x').searchParams;
  const which = query.get('which');
  if (which === 'own') return page([ownItem]);
  if (which === 'shared') return page([sharedItem], query.get('page') === '1', Number(query.get('page')));
  return page([ownItem, sharedItem]);
};

function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

const renderPage = (url = '/StaffProperties') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <StaffPropertiesPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const cardOf = (address: string) => screen.getByRole('heading', { level: 2, name: address }).closest('li')!;
const apiUrls = (calls: ApiCall[]) => calls.map((c) => c.url);

afterEach(() => vi.unstubAllGlobals());

describe('StaffPropertiesPage', { timeout: 20_000 }, () => {
  it('lists both kinds by default: the shared one marked with its branch, its office and agent to call', async () => {
    const calls = fakeApi(byChoice);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('טוענים את הנכסים...');
    expect(await screen.findByRole('heading', { level: 2, name: 'השיתוף 7' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'נכסי הסניף והרשת' })).toBeInTheDocument();
    expect(apiUrls(calls)).toEqual(['/api/v1/property/staff?which=all&page=1']);
    const list = screen.getByRole('list', { name: 'הנכסים' });
    expect(list.children).toHaveLength(2);

    const shared = within(cardOf('השיתוף 7'));
    expect(shared.getByText('נכס משותף · סניף חיפה')).toBeInTheDocument();
    expect(shared.getByRole('link', { name: 'השיתוף 7' })).toHaveAttribute('href', '/PropertyView/shared-1');
    expect(shared.getByRole('link', { name: /סניף חיפה/ })).toHaveAttribute('href', 'tel:048123456');
    expect(shared.getByText(/יוסי לוי/)).toBeInTheDocument();
    expect(shared.getByRole('link', { name: 'התקשרות אל יוסי לוי 050-1234567' })).toHaveAttribute(
      'href',
      'tel:0501234567',
    );

    // The branch's own listing: shared by it, no mark, no office line; its agent still named.
    const own = within(cardOf('הרצל 5'));
    expect(own.queryByText(/נכס משותף/)).toBeNull();
    expect(own.getByText('משותף עם הרשת')).toBeInTheDocument();
    expect(own.queryByRole('link', { name: /סניף תל אביב/ })).toBeNull();
    expect(own.getByRole('link', { name: 'התקשרות אל רונית כהן 052-1111111' })).toBeInTheDocument();
  });

  it('offers the three choices as a labelled radio group, each asking the API and kept in the URL', async () => {
    const calls = fakeApi(byChoice);
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'השיתוף 7' });
    const group = screen.getByRole('radiogroup', { name: 'אילו נכסים להציג' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['הכל', 'של הסניף', 'משותפים מהרשת']);
    expect(within(group).getByRole('radio', { name: 'הכל' })).toBeChecked();

    await userEvent.click(within(group).getByRole('radio', { name: 'משותפים מהרשת' }));
    expect(await screen.findByTestId('address')).toHaveTextContent('/StaffProperties?which=shared');
    expect(within(group).getByRole('radio', { name: 'משותפים מהרשת' })).toBeChecked();
    await screen.findByRole('link', { name: 'הבא' });
    expect(screen.queryByRole('heading', { level: 2, name: 'הרצל 5' })).toBeNull();
    expect(apiUrls(calls)).toContain('/api/v1/property/staff?which=shared&page=1');

    // By keyboard: an arrow moves to the neighbouring choice and chooses it.
    within(group).getByRole('radio', { name: 'משותפים מהרשת' }).focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/StaffProperties\?which=own$/);
    expect(await screen.findByRole('heading', { level: 2, name: 'הרצל 5' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'השיתוף 7' })).toBeNull();
    expect(apiUrls(calls)).toContain('/api/v1/property/staff?which=own&page=1');

    await userEvent.click(within(group).getByRole('radio', { name: 'הכל' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/StaffProperties$/);
    expect(await screen.findByRole('heading', { level: 2, name: 'השיתוף 7' })).toBeInTheDocument();
  });

  it('reads the choice and the page from the URL and pages with links', async () => {
    const calls = fakeApi(byChoice);
    renderPage('/StaffProperties?which=shared');
    const next = await screen.findByRole('link', { name: 'הבא' });
    expect(next).toHaveAttribute('href', '/StaffProperties?which=shared&page=2');
    expect(screen.getByRole('radio', { name: 'משותפים מהרשת' })).toBeChecked();
    expect(screen.getByRole('navigation', { name: 'ניווט בין עמודי הנכסים' })).toHaveTextContent('עמוד 1');
    expect(screen.queryByRole('link', { name: 'הקודם' })).toBeNull();

    await userEvent.click(next);
    expect(screen.getByTestId('address')).toHaveTextContent('/StaffProperties?which=shared&page=2');
    expect(await screen.findByRole('link', { name: 'הקודם' })).toHaveAttribute(
      'href',
      '/StaffProperties?which=shared',
    );
    expect(screen.queryByRole('link', { name: 'הבא' })).toBeNull();
    expect(apiUrls(calls)).toContain('/api/v1/property/staff?which=shared&page=2');

    // A new choice starts at its first page.
    await userEvent.click(screen.getByRole('radio', { name: 'של הסניף' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/StaffProperties\?which=own$/);
  });

  it('an unknown choice in the URL is read as all', async () => {
    const calls = fakeApi(byChoice);
    renderPage('/StaffProperties?which=everything&page=x');
    await screen.findByRole('heading', { level: 2, name: 'השיתוף 7' });
    expect(screen.getByRole('radio', { name: 'הכל' })).toBeChecked();
    expect(apiUrls(calls)).toEqual(['/api/v1/property/staff?which=all&page=1']);
  });

  it('says so when a choice has nothing, in Hebrew, per choice', async () => {
    fakeApi(() => page([]));
    renderPage('/StaffProperties?which=shared');
    expect(await screen.findByText('אין כרגע נכסים שסניפים אחרים שיתפו עם הרשת.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('list', { name: 'הנכסים' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'של הסניף' }));
    expect(await screen.findByText('אין לסניף נכסים ברשימה.')).toBeInTheDocument();
  });

  it('shows a failure as an alert', async () => {
    fakeApi(() => json(500, { status: 'error', message: 'boom' }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('לא הצלחנו לטעון את הנכסים. נסו שוב.');
  });
});
