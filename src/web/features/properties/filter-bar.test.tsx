import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '@web/test/fake-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterBar } from './filter-bar';
import { defaultFilters, type Filters } from './filters';

const CITIES = ['חיפה', 'חולון', 'ירושלים'];
const STREETS = ['יפו', 'יפה נוף', 'הנביאים'];

function setup(applied: Partial<Filters> = {}) {
  const calls = fakeApi(({ url }) =>
    json(200, { status: 'success', data: url.includes('/streets') ? STREETS : CITIES }),
  );
  const onSearch = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FilterBar
        type="sale"
        applied={{ ...defaultFilters('sale'), ...applied }}
        onSearch={onSearch}
        onReset={vi.fn()}
      />
    </QueryClientProvider>,
  );
  // No pause between keys: the typing tests stay quick on a busy machine.
  return { calls, onSearch, user: userEvent.setup({ delay: null }) };
}

const city = () => screen.getByRole('combobox', { name: 'עיר' });
const street = () => screen.getByRole('combobox', { name: 'רחוב' });
const search = () => screen.getByRole('button', { name: 'חיפוש' });

afterEach(() => vi.unstubAllGlobals());

describe('FilterBar: city and street only from the suggestions', () => {
  it('takes typed text that one suggestion contains as that suggestion', async () => {
    const { onSearch, user } = setup();
    await user.type(city(), 'ירוש');
    await user.click(search());
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({ city: 'ירושלים', street: '' });
    expect(city()).toHaveValue('ירושלים');
  });

  it('takes a suggestion typed in full even when another suggestion contains it', async () => {
    const { onSearch, user } = setup({ city: 'ירושלים' });
    // The street unlocks once the suggestions show the city is one of them.
    await waitFor(() => expect(street()).toBeEnabled());
    await user.type(street(), 'יפו');
    await user.click(search());
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({ city: 'ירושלים', street: 'יפו' });
  });

  it("refuses text no suggestion contains with 'אין עיר כזו' on the field, and searches nothing", async () => {
    const { onSearch, user } = setup();
    await user.type(city(), 'תל');
    await user.click(search());
    expect(await screen.findByRole('alert')).toHaveTextContent('אין עיר כזו');
    expect(city()).toHaveAttribute('aria-invalid', 'true');
    expect(city()).toHaveAccessibleDescription('אין עיר כזו');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('refuses text several suggestions contain, for the city and for the street', async () => {
    const { onSearch, user } = setup();
    await user.type(city(), 'ח');
    await user.click(search());
    expect(await screen.findByRole('alert')).toHaveTextContent('יש כמה ערים מתאימות, בחרו אחת מהרשימה');
    await user.clear(city());
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(city(), 'ירושלים');
    await user.type(street(), 'יפ');
    await user.click(search());
    expect(await screen.findByRole('alert')).toHaveTextContent('יש כמה רחובות מתאימים, בחרו אחד מהרשימה');
    expect(street()).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();
  });
});

describe('FilterBar: the street', () => {
  it('unlocks only once a city from the suggestions is chosen, and asks for the list of its deal type', async () => {
    const { calls, user } = setup();
    expect(street()).toBeDisabled();
    await user.type(city(), 'חי');
    expect(street()).toBeDisabled();
    await user.clear(city());
    await user.type(city(), 'חיפה');
    await waitFor(() => expect(street()).toBeEnabled());
    expect(calls.some((c) => c.url.endsWith('/property/locations/cities?type=sale'))).toBe(true);
  });
});

describe('FilterBar: a minimum never exceeds its maximum', () => {
  const typedMin = () => screen.getByRole('textbox', { name: 'הקלדת מחיר מינימלי בשקלים' });
  const typedMax = () => screen.getByRole('textbox', { name: 'הקלדת מחיר מקסימלי בשקלים' });
  const minSlider = () => screen.getByRole('slider', { name: 'מחיר מינימלי' });
  const maxSlider = () => screen.getByRole('slider', { name: 'מחיר מקסימלי' });

  it('typing a maximum digit by digit leaves the minimum alone', async () => {
    const { onSearch, user } = setup({ minPrice: 500_000 });
    await user.clear(typedMax());
    await user.type(typedMax(), '1500000');
    expect(typedMin()).toHaveValue('500,000');
    await user.tab();
    expect(maxSlider()).toHaveValue('1500000');
    expect(typedMin()).toHaveValue('500,000');
    await user.click(search());
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({ minPrice: 500_000, maxPrice: 1_500_000 });
  });

  it('a typed minimum above the maximum is set to the maximum, and the note says so', async () => {
    const { onSearch, user } = setup({ maxPrice: 3_000_000 });
    await user.clear(typedMin());
    await user.type(typedMin(), '5000000');
    await user.tab();
    expect(typedMin()).toHaveValue('3,000,000');
    expect(typedMax()).toHaveValue('3,000,000');
    expect(typedMin()).toHaveAccessibleDescription(
      /המינימום לא יכול לעלות על המקסימום, ולכן נקבע \W*3,000,000/,
    );
    // A maximum typed below the minimum is set to the minimum.
    await user.clear(typedMax());
    await user.type(typedMax(), '100');
    await user.click(search());
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({ minPrice: 3_000_000, maxPrice: 3_000_000 });
    expect(typedMax()).toHaveAccessibleDescription(/המקסימום לא יכול לרדת מתחת למינימום/);
  });

  it('Enter in a number field takes the typed value before searching', async () => {
    const { onSearch, user } = setup({ minRooms: 3 });
    const maxRooms = screen.getByRole('spinbutton', { name: 'מקסימום חדרים' });
    await user.clear(maxRooms);
    await user.type(maxRooms, '2{Enter}');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({ minRooms: 3, maxRooms: 3 });
    expect(maxRooms).toHaveAccessibleDescription(/המקסימום לא יכול לרדת מתחת למינימום, ולכן נקבע 3/);
  });

  it('prices out of the range or in part shekels are brought back with a note; empty means the end', async () => {
    const { user } = setup();
    await user.clear(typedMax());
    await user.type(typedMax(), '99999999');
    await user.tab();
    expect(typedMax()).toHaveValue('20,000,000');
    expect(typedMax()).toHaveAccessibleDescription(/אפשר להקליד בין .*0.* ל-.*20,000,000.*, ולכן נקבע/);
    await user.clear(typedMin());
    await user.type(typedMin(), '1234.6');
    await user.tab();
    expect(typedMin()).toHaveValue('1,235');
    expect(typedMin()).toHaveAccessibleDescription(/בשקלים שלמים/);
    await user.clear(typedMin());
    await user.tab();
    expect(typedMin()).toHaveValue('0');
    expect(typedMin()).not.toHaveAccessibleDescription();
  });

  it('a minimum slider moved past the maximum takes the maximum along', async () => {
    setup({ maxPrice: 1_000_000 });
    // The range input's own change event, as a drag or the arrow keys give it.
    fireEvent.change(minSlider(), { target: { value: '2000000' } });
    expect(minSlider()).toHaveValue('2000000');
    expect(maxSlider()).toHaveValue('2000000');
  });
});

describe('FilterBar: more filters (issue 39)', () => {
  const more = () => screen.getByText('מסננים נוספים');

  it('searches with the floor range, not top, the amenities ticked and the entry', async () => {
    const { onSearch, user } = setup();
    await user.click(more());
    await user.type(screen.getByRole('spinbutton', { name: 'מקומה' }), '2');
    await user.type(screen.getByRole('spinbutton', { name: 'עד קומה' }), '5');
    await user.click(screen.getByRole('checkbox', { name: 'לא קומה אחרונה' }));
    await user.click(screen.getByRole('checkbox', { name: 'חניה' }));
    await user.click(screen.getByRole('checkbox', { name: 'ממ״ד' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'מועד כניסה' }), 'כניסה מיידית');
    await user.click(search());
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({
      minFloor: 2,
      maxFloor: 5,
      notTop: true,
      amenities: ['parking', 'safeRoom'],
      entry: 'immediate',
    });
  });

  it('refuses a minimum floor above the maximum on the field, and searches nothing', async () => {
    const { onSearch, user } = setup({ minFloor: 6 });
    const max = screen.getByRole('spinbutton', { name: 'עד קומה' });
    await user.type(max, '2');
    await user.click(search());
    const min = screen.getByRole('spinbutton', { name: 'מקומה' });
    await waitFor(() => expect(min).toHaveAccessibleDescription('המינימום לא יכול לעלות על המקסימום'));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('is a plain GET form whose fields carry their URL names, open when a filter there is in force', () => {
    setup({ amenities: ['elevator'], neighbourhood: 'הדר' });
    const form = screen.getByRole('form', { name: 'סינון נכסים' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form.closest('form')!.querySelector('details')).toHaveAttribute('open');
    const names = new Set([...form.querySelectorAll('[name]')].map((e) => e.getAttribute('name')));
    for (const name of [
      'city',
      'category',
      'minRooms',
      'minPrice',
      'sort',
      'minFloor',
      'notTop',
      'amenities',
    ])
      expect(names).toContain(name);
    expect(screen.getByRole('checkbox', { name: 'מעלית' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'שכונה' })).toHaveValue('הדר');
  });
});
