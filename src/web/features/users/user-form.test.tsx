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
  role: 'agent',
  gender: 'female',
  companyRole: 'יועץ נדל"ן מוביל',
  image: '/uploads/users/dana-640.webp',
  aboutMe: 'סוכנת ותיקה',
  branch: { _id: 'b1', name: 'משרד ראשי', slug: 'main' },
  active: true,
  networkAccess: false,
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
});
