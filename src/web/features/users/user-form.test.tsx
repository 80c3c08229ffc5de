import type { Branch } from '@shared/schemas/branch';
import type { User } from '@shared/schemas/user';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@web/lib/api-client';
import { describe, expect, it, vi } from 'vitest';
import { UserForm } from './user-form';

const existing: User = {
  _id: 'u1',
  name: 'דנה לוי',
  email: 'dana@example.com',
  phone_number: '052-200-0002',
  officePhone: false,
  role: 'agent',
  gender: 'female',
  companyRole: 'יועץ נדל"ן מוביל',
  image: '/uploads/users/dana-640.webp',
  aboutMe: 'סוכנת ותיקה',
  branch: { _id: 'b1', name: 'משרד ראשי', slug: 'main' },
  active: true,
  networkAccess: false,
  showOnSite: true,
  showPhone: true,
};

const setup = (user?: User, onSubmit = vi.fn(async (_values: unknown) => {})) => {
  render(<UserForm user={user} busy={false} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
};

describe('UserForm', () => {
  it('keeps rule violations on their fields and sends nothing', async () => {
    const onSubmit = setup();
    await userEvent.type(screen.getByLabelText('שם מלא'), 'רון');
    await userEvent.type(screen.getByLabelText('מייל'), 'ron@example.com');
    await userEvent.type(screen.getByLabelText('טלפון נייד'), '03-5551234');
    await userEvent.type(screen.getByLabelText(/סיסמה ראשונית/), 'RON@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByText('מספר הטלפון אינו תקין, נסה שוב.')).toBeInTheDocument();
    expect(screen.getByText('הסיסמה אינה יכולה להיות כתובת המייל')).toBeInTheDocument();
    expect(screen.getByText('יש לבחור לשון פנייה')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks how to address a new user, and names the permissions in that gender', async () => {
    const onSubmit = setup();
    expect(screen.getByLabelText(/לשון פנייה/)).toHaveValue('');
    await userEvent.type(screen.getByLabelText('שם מלא'), 'רונית');
    await userEvent.type(screen.getByLabelText('מייל'), 'ronit@example.com');
    await userEvent.type(screen.getByLabelText('טלפון נייד'), '052-5551234');
    await userEvent.selectOptions(screen.getByLabelText(/לשון פנייה/), 'female');
    expect(screen.getByRole('option', { name: 'סוכנת' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'מנהלת' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ gender: 'female', role: 'agent' });
  });

  it("names the public site's switches by the person's name and gender, and sends them", async () => {
    const onSubmit = setup(existing);
    const shown = screen.getByRole('checkbox', { name: 'דנה לוי מוצגת באתר' });
    const phone = screen.getByRole('checkbox', { name: 'דנה לוי מציגה באתר את הטלפון שלה' });
    expect(shown).toBeChecked();
    expect(phone).toBeChecked();
    expect(phone).toHaveAccessibleDescription('בלי הטלפון האישי מוצג באתר טלפון המשרד של הסניף.');
    await userEvent.click(shown);
    await userEvent.click(phone);
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ showOnSite: false, showPhone: false });
  });

  it('starts a new admin without agent work hidden from the site, an agent shown, until the switch is set', async () => {
    const onSubmit = setup();
    await userEvent.type(screen.getByLabelText('שם מלא'), 'יואב');
    await userEvent.selectOptions(screen.getByLabelText(/לשון פנייה/), 'male');
    expect(screen.getByRole('checkbox', { name: 'יואב מוצג באתר' })).toBeChecked();
    await userEvent.selectOptions(screen.getByLabelText('הרשאה'), 'admin');
    expect(screen.getByRole('checkbox', { name: 'יואב מוצג באתר' })).not.toBeChecked();
    await userEvent.type(screen.getByLabelText('תפקיד בחברה'), 'יועץ נדל"ן מוביל');
    expect(screen.getByRole('checkbox', { name: 'יואב מוצג באתר' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'יואב מוצג באתר' }));
    await userEvent.clear(screen.getByLabelText('תפקיד בחברה'));
    // Set by hand: the role and title no longer move it.
    expect(screen.getByRole('checkbox', { name: 'יואב מוצג באתר' })).not.toBeChecked();
    await userEvent.type(screen.getByLabelText('מייל'), 'yoav@example.com');
    await userEvent.type(screen.getByLabelText('טלפון נייד'), '052-5551234');
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ role: 'admin', showOnSite: false, showPhone: true });
  });

  it('edits a user: every field is filled in, an empty password means no change', async () => {
    const onSubmit = setup(existing);
    expect(screen.getByLabelText('שם מלא')).toHaveValue('דנה לוי');
    expect(screen.getByRole('img', { name: 'תמונה של דנה לוי' })).toHaveAttribute('src', existing.image);
    await userEvent.clear(screen.getByLabelText('על עצמי'));
    await userEvent.type(screen.getByLabelText('על עצמי'), 'טקסט חדש');
    expect(screen.getByLabelText(/לשון פנייה/)).toHaveValue('female');
    await userEvent.selectOptions(screen.getByLabelText('הרשאה'), 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'הסרת התמונה' }));
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      aboutMe: 'טקסט חדש',
      role: 'admin',
      gender: 'female',
      image: null,
      password: '',
      email: 'dana@example.com',
    });
  });

  it('an admin editing its own account sees its role but cannot change it', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => {});
    const self: User = { ...existing, role: 'admin' };
    render(<UserForm user={self} isSelf busy={false} onSubmit={onSubmit} onCancel={() => {}} />);
    const role = screen.getByLabelText('הרשאה');
    expect(role).toBeDisabled();
    expect(role).toHaveValue('admin');
    expect(role).toHaveAccessibleDescription('את הרשאות הניהול של החשבון שלך רק מנהל אחר יכול לשנות');
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ role: 'admin' });
  });

  it('shows the server’s field errors (a taken e-mail) on the field', async () => {
    setup(
      existing,
      vi.fn(async () => {
        throw new ApiError(409, { message: 'תפוס', fieldErrors: { email: 'כתובת המייל כבר רשומה במערכת' } });
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByText('כתובת המייל כבר רשומה במערכת')).toBeInTheDocument();
  });

  describe('placing the user in a branch', () => {
    const branch = (id: string, name: string, active = true): Branch => ({
      _id: id,
      name,
      slug: id,
      city: '',
      address: '',
      phone: '',
      email: '',
      openingHours: '',
      legalEntity: '',
      brokers: [],
      active,
    });
    const network = {
      branches: [branch('b1', 'משרד ראשי'), branch('b2', 'סניף הרצליה'), branch('b3', 'סניף ישן', false)],
    };
    const place = (user?: User, isSelf = false) => {
      const onSubmit = vi.fn(async (_values: unknown) => {});
      render(
        <UserForm
          user={user}
          isSelf={isSelf}
          placement={network}
          busy={false}
          onSubmit={onSubmit}
          onCancel={() => {}}
        />,
      );
      return onSubmit;
    };

    it('a branch manager’s form has no branch and no network access (the server keeps people in her branch)', async () => {
      const onSubmit = setup(existing);
      expect(screen.queryByLabelText(/^סניף/)).toBeNull();
      await userEvent.selectOptions(screen.getByLabelText('הרשאה'), 'admin');
      expect(screen.queryByLabelText('גישה לכל הסניפים')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('branchId');
      expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('networkAccess');
    });

    it('a network admin must choose an open branch for a new user, and grants network access to an admin only', async () => {
      const onSubmit = place();
      const select = screen.getByLabelText(/^סניף/);
      expect(screen.getAllByRole('option', { name: /סניף|משרד/ }).map((o) => o.textContent)).toEqual([
        'בחירת סניף',
        'משרד ראשי',
        'סניף הרצליה',
      ]);
      // An agent has no network access to give.
      expect(screen.queryByLabelText('גישה לכל הסניפים')).toBeNull();
      await userEvent.type(screen.getByLabelText('שם מלא'), 'רונית');
      await userEvent.type(screen.getByLabelText('מייל'), 'ronit@example.com');
      await userEvent.type(screen.getByLabelText('טלפון נייד'), '052-5551234');
      await userEvent.selectOptions(screen.getByLabelText(/לשון פנייה/), 'female');
      await userEvent.selectOptions(screen.getByLabelText('הרשאה'), 'admin');
      await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      expect(await screen.findByText('יש לבחור סניף')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
      await userEvent.selectOptions(select, 'סניף הרצליה');
      const access = screen.getByLabelText('גישה לכל הסניפים');
      expect(access).not.toBeChecked();
      await userEvent.click(access);
      await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({
        role: 'admin',
        branchId: 'b2',
        networkAccess: true,
      });
    });

    it('starts a new user in the admin’s own branch when it is open', async () => {
      const onSubmit = vi.fn(async (_values: unknown) => {});
      render(
        <UserForm
          placement={{ ...network, defaultBranchId: 'b2' }}
          busy={false}
          onSubmit={onSubmit}
          onCancel={() => {}}
        />,
      );
      expect(screen.getByLabelText(/^סניף/)).toHaveValue('b2');
      expect(screen.queryByRole('option', { name: 'בחירת סניף' })).toBeNull();
    });

    it('moves a user to another branch, keeps an unchanged (even closed) branch out of the body', async () => {
      const inClosed: User = { ...existing, branch: { _id: 'b3', name: 'סניף ישן', slug: 'b3' } };
      const onSubmit = place(inClosed);
      expect(screen.getByLabelText(/^סניף/)).toHaveValue('b3');
      expect(screen.getByRole('option', { name: 'סניף ישן (סגור)' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('branchId');
      // An agent: no network access, whatever was stored.
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ networkAccess: false });
      await userEvent.selectOptions(screen.getByLabelText(/^סניף/), 'משרד ראשי');
      await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
      expect(onSubmit.mock.calls[1]![0]).toMatchObject({ branchId: 'b1' });
    });

    it('a network admin sees her own network access but cannot change it, and it is not sent', async () => {
      const self: User = { ...existing, role: 'admin', networkAccess: true };
      const onSubmit = place(self, true);
      const access = screen.getByLabelText('גישה לכל הסניפים');
      expect(access).toBeChecked();
      expect(access).toBeDisabled();
      expect(access).toHaveAccessibleDescription(
        'את הגישה לכל הסניפים של החשבון שלך רק מנהל רשת אחר יכול לשנות',
      );
      await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('networkAccess');
    });

    it('shows the server’s refusal of a branch on the branch field', async () => {
      const onSubmit = vi.fn(async () => {
        throw new ApiError(400, { message: 'סגור', fieldErrors: { branchId: 'הסניף סגור: בחרו סניף פעיל' } });
      });
      render(
        <UserForm user={existing} placement={network} busy={false} onSubmit={onSubmit} onCancel={() => {}} />,
      );
      await userEvent.selectOptions(screen.getByLabelText(/^סניף/), 'סניף הרצליה');
      await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      expect(await screen.findByText('הסניף סגור: בחרו סניף פעיל')).toBeInTheDocument();
      expect(screen.getByLabelText(/^סניף/)).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
