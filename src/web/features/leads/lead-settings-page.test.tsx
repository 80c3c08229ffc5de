import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeadSettingsPage } from './lead-settings-page';

// The lead settings page per branch (docs/decisions/0047): a network admin chooses the network or a branch; a
// branch manager gets her own branch's cities and routing, never the branch choice.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const HAIFA = { _id: 'b-haifa', name: 'סניף חיפה', slug: 'haifa' };
const TEL_AVIV = { _id: 'b-tlv', name: 'משרד ראשי תל אביב', slug: 'tel-aviv' };
const person = (id: string, branch: typeof HAIFA, role: 'admin' | 'agent', networkAccess: boolean) => ({
  _id: id,
  name: id === 'ceo' ? 'מנכ"ל הרשת' : id === 'manager' ? 'זכיינית חיפה' : 'סוכן חיפה',
  email: `${id}@example.com`,
  role,
  companyRole: null,
  gender: 'female',
  image: null,
  aboutMe: '',
  phone_number: '0501234567',
  branch,
  active: true,
  networkAccess,
});
const SETTINGS = {
  rules: ['propertyAgent', 'cityAgent', 'roundRobin'],
  cityAgents: [],
  slaMinutes: 15,
  officeHours: { opens: '09:00', closes: '18:00' },
};

/** The availability table's people: the switch speaks of each in her or his gender. */
const availability = (id: string, name: string, gender: 'male' | 'female') => ({
  agent: { _id: id, name, gender, companyRole: null, active: true },
  takesLeads: true,
  leaveFrom: null,
  leaveUntil: null,
  onLeave: false,
  inRoundRobin: true,
  nextInRoundRobin: false,
});
const AGENTS = [availability('a1', 'דנה לוי', 'female'), availability('a2', 'איתי כהן', 'male')];

type Call = { url: string; method: string; body: unknown };

/** The API of the page: the session's user, the branches, the settings; PUT answers with `putAnswer`. */
function fakeApi(me: ReturnType<typeof person>, putAnswer: (body: { cities: string[] }) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      if (url.startsWith('/api/v1/users/session'))
        return json(200, { status: 'success', data: { user: me } });
      if (url.startsWith('/api/v1/branches'))
        return json(200, { status: 'success', data: { branches: [TEL_AVIV, HAIFA] } });
      if (url.startsWith('/api/v1/users'))
        return json(200, {
          status: 'success',
          data: {
            data: [
              person('agent-haifa', HAIFA, 'agent', false),
              { ...person('agent-tlv', TEL_AVIV, 'agent', false), name: 'סוכן תל אביב' },
            ],
          },
        });
      if (url === '/api/v1/pipeline/agents')
        return json(200, { status: 'success', data: { agents: AGENTS } });
      if (url === '/api/v1/pipeline/settings')
        return json(200, { status: 'success', data: { settings: SETTINGS } });
      const branch = url.match(/^\/api\/v1\/pipeline\/branches\/([^/]+)\/settings$/)?.[1];
      if (branch) {
        if (method === 'PUT') return putAnswer(body);
        const b = branch === HAIFA._id ? HAIFA : TEL_AVIV;
        return json(200, {
          status: 'success',
          data: {
            branchSettings: {
              branch: { _id: b._id, name: b.name },
              cities: [],
              own: false,
              settings: SETTINGS,
            },
          },
        });
      }
      return json(404, { status: 'error', message: 'לא נמצא' });
    }),
  );
  return calls;
}

function renderPage(me: ReturnType<typeof person>) {
  localStorage.setItem('user', JSON.stringify(me));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter>
          <LeadSettingsPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('LeadSettingsPage per branch', () => {
  it('names each agent’s switch in her or his gender', async () => {
    fakeApi(person('ceo', TEL_AVIV, 'admin', true), () => json(200, {}));
    renderPage(person('ceo', TEL_AVIV, 'admin', true));
    expect(await screen.findByRole('checkbox', { name: 'דנה לוי מקבלת לידים' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'איתי כהן מקבל לידים' })).toBeChecked();
  });

  it('lets a network admin choose a branch and save its cities and its own settings', async () => {
    const ceo = person('ceo', TEL_AVIV, 'admin', true);
    const calls = fakeApi(ceo, (body) =>
      json(200, {
        status: 'success',
        data: {
          branchSettings: {
            branch: { _id: HAIFA._id, name: 'סניף חיפה' },
            cities: body.cities,
            own: true,
            settings: SETTINGS,
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderPage(ceo);
    // The network's settings first, with the choice of a branch.
    const choice = await screen.findByRole('combobox', { name: 'הגדרות של' });
    expect(await screen.findByText('הגדרות הרשת חלות על כל סניף שלא קבע הגדרות משלו.')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'סניף חיפה' });
    await user.selectOptions(choice, HAIFA._id);
    const cities = await screen.findByRole('textbox', { name: 'ערים (מופרדות בפסיקים)' });
    expect(screen.getByText('הסניף פועל לפי הגדרות הרשת.')).toBeInTheDocument();
    await user.type(cities, 'חיפה, טירת כרמל');
    await user.click(
      screen.getByRole('checkbox', { name: 'לסניף יש כללי ניתוב, זמן תגובה ושעות משרד משלו' }),
    );
    // Its own settings open, with only the branch's agents to choose for a city.
    await user.click(screen.getByRole('button', { name: 'הוספת עיר' }));
    const agentChoice = screen.getByRole('combobox', { name: 'סוכן' });
    expect([...(agentChoice as HTMLSelectElement).options].map((o) => o.text)).toEqual(['—', 'סוכן חיפה']);
    await user.type(screen.getByRole('textbox', { name: 'עיר' }), 'חיפה');
    await user.selectOptions(agentChoice, 'agent-haifa');
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרות הסניף' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/v1/pipeline/branches/${HAIFA._id}/settings`);
    expect(put.body).toEqual({
      cities: ['חיפה', 'טירת כרמל'],
      own: { ...SETTINGS, cityAgents: [{ city: 'חיפה', agentId: 'agent-haifa' }] },
    });
  });

  it('gives a branch manager her own branch only, and shows a city taken by another branch on the field', async () => {
    const manager = person('manager', HAIFA, 'admin', false);
    const message = 'העיר נשר כבר בתחום של סניף אחר';
    const calls = fakeApi(manager, () =>
      json(409, { status: 'error', code: 'CONFLICT', message, fieldErrors: { cities: message } }),
    );
    const user = userEvent.setup();
    renderPage(manager);
    const cities = await screen.findByRole('textbox', { name: 'ערים (מופרדות בפסיקים)' });
    expect(screen.queryByRole('combobox', { name: 'הגדרות של' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'הערים בתחום סניף חיפה' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/pipeline/settings')).toBe(false);
    await user.type(cities, 'נשר');
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרות הסניף' }));
    await waitFor(() => expect(cities).toHaveAccessibleDescription(message));
    expect(cities).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ cities: ['נשר'], own: null });
  });
});
