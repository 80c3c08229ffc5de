import type { Photo, Property } from '@shared/schemas/property';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@web/lib/toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageManager } from './image-manager';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const photo = (id: string): Photo => ({
  _id: id,
  width: 1600,
  height: 1200,
  variants: [320, 640, 1600].map((w) => ({ width: w, height: (w * 3) / 4, url: `/uploads/${id}-${w}.webp` })),
});

const property = (ids: string[]): Property => ({
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
  floor: '2',
  size: 90,
  entryDate: null,
  buildingFloors: null,
  neighbourhood: null,
  propertyCondition: null,
  features: [],
  description: '',
  image: null,
  images: [],
  photos: ids.map(photo),
  agent: null,
  agentSecend: null,
  branch: { _id: 'b1', name: 'משרד ראשי', slug: 'main', phone: '03-555-1234' },
  createdAt: '2026-11-01T10:00:00.000Z',
  location: null,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { method: string; url: string; body: unknown };
function fakeApi(answer: () => Response = () => json(200, { status: 'success', data: { data: {} } })) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const raw = init?.body;
      const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
      calls.push({ method: init?.method ?? 'GET', url, body });
      return answer();
    }),
  );
  return calls;
}

function setup(ids: string[]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImageManager property={property(ids)} />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  // jsdom has no modal dialogs; open/close is all ConfirmDialog needs.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => vi.mocked(toast.success).mockClear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
});

describe('ImageManager', () => {
  it('moves a photo later and earlier with PUT …/images/order, and the edges cannot move out', async () => {
    const calls = fakeApi();
    setup(['a', 'b', 'c']);
    expect(screen.getByRole('button', { name: 'הזזת תמונה 1 מוקדם יותר' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'הזזת תמונה 3 מאוחר יותר' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'הזזת תמונה 1 מאוחר יותר' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('התמונות עודכנו בהצלחה'));
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/api/v1/property/prop1/images/order',
      body: { order: ['b', 'a', 'c'] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'הזזת תמונה 3 מוקדם יותר' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({ order: ['a', 'c', 'b'] });
  });

  it('removes a photo only after confirmation, with DELETE …/images/{imageId}', async () => {
    const calls = fakeApi();
    setup(['a', 'b', 'c']);
    await userEvent.click(screen.getByRole('button', { name: 'הסרת תמונה 2' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('להסיר את תמונה 2?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ביטול' }));
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'הסרת תמונה 2' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'הסרה' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('התמונות עודכנו בהצלחה'));
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/v1/property/prop1/images/b', body: undefined }]);
  });

  it("shows the server's message for 415 and the generic error otherwise", async () => {
    fakeApi(() => json(415, { status: 'fail', code: 'UNSUPPORTED', message: 'הקובץ אינו תמונה נתמכת' }));
    setup(['a', 'b']);
    await userEvent.click(screen.getByRole('button', { name: 'הזזת תמונה 2 מוקדם יותר' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('הקובץ אינו תמונה נתמכת'));
    vi.unstubAllGlobals();
    fakeApi(() => json(500, { status: 'fail', code: 'INTERNAL', message: 'boom' }));
    await userEvent.click(screen.getByRole('button', { name: 'הזזת תמונה 2 מוקדם יותר' }));
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith('שגיאה בעדכון התמונות'));
  });

  it("keeps a refused upload's reason on the add field until the next pick", async () => {
    fakeApi(() => json(413, { status: 'fail', code: 'TOO_LARGE', message: 'מידות התמונה גדולות מדי' }));
    setup(['a']);
    const input = screen.getByLabelText('הוספת תמונות');
    await userEvent.upload(input, new File(['x'], 'huge.png', { type: 'image/png' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/^מידות התמונה גדולות מדי/));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    vi.unstubAllGlobals();
    fakeApi();
    await userEvent.upload(input, new File(['x'], 'small.png', { type: 'image/png' }));
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('adds image files as repeated `images` fields, refusing more than the room left', async () => {
    const calls = fakeApi();
    setup(Array.from({ length: 28 }, (_, i) => `p${i}`));
    const input = screen.getByLabelText('הוספת תמונות');
    expect(screen.getByText(/אפשר להוסיף עוד 2 תמונות/)).toBeInTheDocument();
    const file = (name: string) => new File(['x'], name, { type: 'image/png' });
    await userEvent.upload(input, [file('1.png'), file('2.png'), file('3.png')]);
    expect(toast.error).toHaveBeenCalledWith('אפשר להוסיף רק עוד 2 תמונות');
    expect(calls).toEqual([]);
    await userEvent.upload(input, [file('1.png'), file('2.png')]);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/v1/property/prop1/images');
    const form = calls[0]!.body as FormData;
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['1.png', '2.png']);
  });

  it('at 30 photos the add input is disabled and says why', () => {
    fakeApi();
    setup(Array.from({ length: 30 }, (_, i) => `p${i}`));
    expect(screen.getByLabelText('הוספת תמונות')).toBeDisabled();
    expect(screen.getByText(/הגיע למגבלה של 30 תמונות/)).toBeInTheDocument();
    expect(screen.getByText('30 מתוך 30 תמונות')).toBeInTheDocument();
  });
});
