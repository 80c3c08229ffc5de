import { BRANCH_MESSAGES, type Branch } from '@shared/schemas/branch';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@web/lib/api-client';
import { describe, expect, it, vi } from 'vitest';
import { BranchForm } from './branch-form';

const haifa: Branch = {
  _id: 'b3',
  name: 'סניף חיפה',
  slug: 'haifa',
  city: 'חיפה',
  address: 'שדרות הנשיא 1',
  phone: '04-8100000',
  email: 'haifa@example.com',
  openingHours: 'א׳–ה׳ 9:00–18:00',
  legalEntity: 'חיפה נכסים בע״מ',
  brokers: [{ name: 'מתווכת ראשית', licenceNumber: '123456' }],
  active: true,
};

const setup = (branch?: Branch, onSubmit = vi.fn(async (_values: unknown) => {})) => {
  render(<BranchForm branch={branch} busy={false} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
};

describe('BranchForm', () => {
  it('refuses a bad licence number and a bad address with Hebrew messages, and sends nothing', async () => {
    const onSubmit = setup();
    await waitFor(() => expect(screen.getByLabelText(/שם הסניף/)).toHaveFocus());
    await userEvent.type(screen.getByLabelText(/שם הסניף/), 'סניף נתניה');
    await userEvent.type(screen.getByLabelText(/כתובת הדף באתר/), 'Netanya Branch');
    await userEvent.click(screen.getByRole('button', { name: 'הוספת מתווך' }));
    // The new row's first field takes the focus.
    expect(screen.getByLabelText('שם המתווך 1')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('שם המתווך 1'), 'מתווך');
    await userEvent.type(screen.getByLabelText('מספר הרישיון של מתווך 1'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByText(BRANCH_MESSAGES.licence)).toBeInTheDocument();
    expect(screen.getByText(BRANCH_MESSAGES.slug)).toBeInTheDocument();
    expect(screen.getByLabelText('מספר הרישיון של מתווך 1')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a new branch with its brokers, added and removed by row', async () => {
    const onSubmit = setup();
    expect(screen.getByText('אין מתווכים רשומים')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/שם הסניף/), 'סניף נתניה');
    await userEvent.type(screen.getByLabelText(/כתובת הדף באתר/), 'netanya');
    await userEvent.type(screen.getByLabelText('עיר'), 'נתניה');
    for (const [index, name] of ['ראשון', 'שני', 'שלישי'].entries()) {
      await userEvent.click(screen.getByRole('button', { name: 'הוספת מתווך' }));
      await userEvent.type(screen.getByLabelText(`שם המתווך ${index + 1}`), name);
      await userEvent.type(screen.getByLabelText(`מספר הרישיון של מתווך ${index + 1}`), `${index + 1}00`);
    }
    await userEvent.click(screen.getByRole('button', { name: 'הסרת מתווך 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'סניף נתניה',
      slug: 'netanya',
      city: 'נתניה',
      phone: '',
      brokers: [
        { name: 'ראשון', licenceNumber: '100' },
        { name: 'שלישי', licenceNumber: '300' },
      ],
    });
  });

  it('edits a branch: every field is filled in', async () => {
    const onSubmit = setup(haifa);
    expect(screen.getByLabelText(/שם הסניף/)).toHaveValue('סניף חיפה');
    expect(screen.getByLabelText('שם המתווך 1')).toHaveValue('מתווכת ראשית');
    await userEvent.clear(screen.getByLabelText('שעות פתיחה'));
    await userEvent.type(screen.getByLabelText('שעות פתיחה'), 'א׳–ה׳ 8:00–20:00');
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      openingHours: 'א׳–ה׳ 8:00–20:00',
      slug: 'haifa',
      brokers: haifa.brokers,
    });
  });

  it('shows the server’s field messages on their fields, a broker’s too, and any other refusal below', async () => {
    setup(
      haifa,
      vi.fn(async () => {
        throw new ApiError(409, {
          message: 'תפוס',
          fieldErrors: {
            slug: BRANCH_MESSAGES.slugTaken,
            'brokers.0.licenceNumber': BRANCH_MESSAGES.licence,
          },
        });
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByText(BRANCH_MESSAGES.slugTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('מספר הרישיון של מתווך 1')).toHaveAccessibleDescription(
      BRANCH_MESSAGES.licence,
    );
  });

  it('says a refusal of no one field under the buttons', async () => {
    setup(
      haifa,
      vi.fn(async () => {
        throw new ApiError(403, { message: 'אין הרשאה לפעולה הזאת' });
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('אין הרשאה לפעולה הזאת');
  });
});
