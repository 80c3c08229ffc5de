import { PROPERTY_MESSAGES } from '@shared/schemas/property';
import type { User } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@web/lib/toast';
import { activeUsersQuery } from '@web/lib/users';
import { fakeApi, json } from '@web/test/fake-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewPropertyPage } from './new-property-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const AGENT_ID = '0b7f4c7e-3c2a-4e52-9d8e-6b9a1f0c2d11';
const agent: User = {
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

/** A fresh answer per call: a Response's body can be read only once. */
const created = () => json(201, { status: 'success', data: { data: { _id: 'p1' } } });

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(activeUsersQuery.queryKey, [agent]);
  render(
    <QueryClientProvider client={client}>
      <NewPropertyPage />
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();
const next = () => user.click(screen.getByRole('button', { name: 'המשך' }));
const finish = () => user.click(screen.getByRole('button', { name: 'סיום' }));
const stepButton = (name: RegExp) => screen.getByRole('button', { name });
const heading = (n: number) => screen.findByRole('heading', { level: 2, name: new RegExp(`שלב ${n}`) });

async function fillRequired() {
  await user.selectOptions(screen.getByLabelText('סוג עסקה'), 'מכירה');
  await user.type(screen.getByLabelText('עיר'), 'עכו');
  await user.type(screen.getByLabelText('כתובת'), 'החומה 7');
  await user.selectOptions(screen.getByLabelText('סוכן ראשי'), AGENT_ID);
  await next();
  await user.selectOptions(screen.getByLabelText('סוג נכס'), 'דירה');
  await next();
  await user.type(screen.getByLabelText('חדרים'), '3.5');
  await next();
  await user.click(screen.getByRole('checkbox', { name: 'מעלית' }));
  await next();
  await user.type(screen.getByLabelText('מחיר'), '1500000');
}

beforeEach(() => vi.mocked(toast.error).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('the property wizard', () => {
  it('keeps the values across steps and sends them once as multipart, empties left out', async () => {
    const calls = fakeApi(created);
    setup();
    await fillRequired();
    await user.click(stepButton(/סוג עסקה ומיקום/));
    expect(screen.getByLabelText('עיר')).toHaveValue('עכו');
    await user.click(stepButton(/מחיר ותמונות/));
    await finish();

    expect(await screen.findByText('הנכס נשמר. אפשר ליצור נכס נוסף.')).toBeVisible();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    const form = posts[0]!.body as FormData;
    expect(Object.fromEntries([...form.keys()].map((k) => [k, form.getAll(k)]))).toEqual({
      typeTransaction: ['מכירה'],
      city: ['עכו'],
      address: ['החומה 7'],
      agent: [AGENT_ID],
      pinuy_binuy: ['false'],
      category: ['דירה'],
      rooms: ['3.5'],
      price: ['1500000'],
      features: ['מעלית'],
    });
  });

  it('on the rules of the shared schema, sends nothing, marks the steps with errors and opens the first', async () => {
    const calls = fakeApi(created);
    setup();
    await user.click(stepButton(/חדרים וגודל/));
    await user.type(screen.getByLabelText('חדרים'), '-2');
    await user.click(stepButton(/מחיר ותמונות/));
    await finish();

    await heading(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(toast.error).toHaveBeenCalledWith(PROPERTY_MESSAGES.dealTypeRequired);
    const deal = screen.getByLabelText('סוג עסקה');
    expect(deal).toHaveAttribute('aria-invalid', 'true');
    expect(deal).toHaveAccessibleDescription(PROPERTY_MESSAGES.dealTypeRequired);
    expect(deal).toHaveFocus();
    expect(screen.getByLabelText('עיר')).toHaveAccessibleDescription(PROPERTY_MESSAGES.cityRequired);
    for (const step of [/סוג עסקה ומיקום/, /סוג הנכס/, /חדרים וגודל/, /מחיר ותמונות/])
      expect(stepButton(step)).toHaveAccessibleName(expect.stringContaining('שדות לתיקון'));
    expect(stepButton(/כניסה ומאפיינים/)).not.toHaveAccessibleName(expect.stringContaining('שדות לתיקון'));

    await user.click(stepButton(/חדרים וגודל/));
    expect(screen.getByLabelText('חדרים')).toHaveAccessibleDescription(PROPERTY_MESSAGES.numberInvalid);
  });

  it("puts each of the server's field errors on its field and opens the first step that holds one", async () => {
    const calls = fakeApi(() =>
      json(400, {
        status: 'fail',
        code: 'VALIDATION',
        message: PROPERTY_MESSAGES.agentUnknown,
        fieldErrors: {
          category: PROPERTY_MESSAGES.categoryInvalid,
          agent: PROPERTY_MESSAGES.agentUnknown,
          'features.0': 'מאפיין לא מוכר',
          _: 'שגיאה כללית',
        },
      }),
    );
    setup();
    await fillRequired();
    await finish();

    await heading(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(toast.error).toHaveBeenCalledWith(PROPERTY_MESSAGES.agentUnknown);
    const agentSelect = screen.getByLabelText('סוכן ראשי');
    expect(agentSelect).toHaveAccessibleDescription(PROPERTY_MESSAGES.agentUnknown);
    expect(agentSelect).toHaveFocus();
    expect(screen.getByText('שגיאה כללית')).toBeVisible();
    expect(stepButton(/סוג הנכס/)).toHaveAccessibleName(expect.stringContaining('שדות לתיקון'));
    expect(stepButton(/כניסה ומאפיינים/)).toHaveAccessibleName(expect.stringContaining('שדות לתיקון'));
    expect(stepButton(/מחיר ותמונות/)).not.toHaveAccessibleName(expect.stringContaining('שדות לתיקון'));

    await user.click(stepButton(/סוג הנכס/));
    expect(screen.getByLabelText('סוג נכס')).toHaveAccessibleDescription(PROPERTY_MESSAGES.categoryInvalid);
    await user.click(stepButton(/כניסה ומאפיינים/));
    expect(screen.getByRole('group', { name: 'מאפיינים' })).toHaveAccessibleDescription('מאפיין לא מוכר');

    // Choosing another agent clears that field's error (the shared rule accepts it).
    await user.click(stepButton(/סוג עסקה ומיקום/));
    await user.selectOptions(screen.getByLabelText('סוכן ראשי'), '');
    expect(screen.getByLabelText('סוכן ראשי')).not.toHaveAttribute('aria-invalid');
  });

  it("moves the focus to each new step's heading (Continue, Back, the indicator), then to the outcome", async () => {
    fakeApi(created);
    setup();
    await user.selectOptions(screen.getByLabelText('סוג עסקה'), 'מכירה');
    await next();
    expect(await heading(2)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'חזרה' }));
    expect(await heading(1)).toHaveFocus();
    await user.click(stepButton(/חדרים וגודל/));
    expect(await heading(3)).toHaveFocus();
    // By keyboard alone: Enter in a field is Continue.
    await user.type(screen.getByLabelText('חדרים'), '3{Enter}');
    expect(await heading(4)).toHaveFocus();

    await user.click(stepButton(/סוג עסקה ומיקום/));
    await user.type(screen.getByLabelText('עיר'), 'עכו');
    await user.type(screen.getByLabelText('כתובת'), 'החומה 7');
    await user.selectOptions(screen.getByLabelText('סוכן ראשי'), AGENT_ID);
    await user.click(stepButton(/סוג הנכס/));
    await user.selectOptions(screen.getByLabelText('סוג נכס'), 'דירה');
    await user.click(stepButton(/מחיר ותמונות/));
    await user.type(screen.getByLabelText('מחיר'), '1500000');
    await finish();
    expect(await screen.findByRole('status')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'יצירת נכס נוסף' }));
    expect(await heading(1)).toHaveFocus();
  });

  it("shows a refused upload's message on the images field", async () => {
    fakeApi(() =>
      json(415, { status: 'fail', code: 'UNSUPPORTED_MEDIA', message: 'הקובץ אינו תמונה נתמכת' }),
    );
    setup();
    await fillRequired();
    const image = new File([new Uint8Array([1, 2, 3])], 'broken.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('תמונות'), image);
    await finish();

    await waitFor(() =>
      expect(screen.getByLabelText('תמונות')).toHaveAccessibleDescription(
        expect.stringContaining('הקובץ אינו תמונה נתמכת'),
      ),
    );
    expect(screen.getByLabelText('תמונות')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('שלב 5');
    expect(stepButton(/מחיר ותמונות/)).toHaveAccessibleName(expect.stringContaining('שדות לתיקון'));
  });
});
