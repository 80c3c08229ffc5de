import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxField, CheckboxGroup } from './checkbox-field';
import { FormField } from './form-field';
import { NumberField } from './number-field';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';

const controls = [
  ['text', (error?: string) => <FormField label="עיר" required error={error} />, 'textbox'],
  ['number', (error?: string) => <NumberField label="חדרים" required error={error} />, 'spinbutton'],
  ['text area', (error?: string) => <TextAreaField label="תיאור" required error={error} />, 'textbox'],
  [
    'select',
    (error?: string) => <SelectField label="סוג" required error={error} options={['', 'דירה']} />,
    'combobox',
  ],
] as const;

function Group() {
  const [value, setValue] = useState<string[]>(['ישן', 'מעלית']);
  return (
    <>
      <CheckboxGroup
        legend="מאפיינים"
        options={['חניה', 'מעלית']}
        value={value}
        onChange={setValue}
        error="שגוי"
      />
      <output>{value.join(',')}</output>
    </>
  );
}

describe('the shared form controls', () => {
  it.each(controls)(
    'a %s field is labelled, required, and described by its error only while it has one',
    (_, make, role) => {
      const { rerender } = render(make());
      const control = screen.getByRole(role);
      expect(control).toBeRequired();
      expect(control).toHaveAccessibleName();
      expect(control).not.toHaveAttribute('aria-invalid');
      expect(control).not.toHaveAttribute('aria-describedby');

      rerender(make('יש להזין ערך'));
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription('יש להזין ערך');
      expect(screen.getByRole('alert')).toHaveTextContent('יש להזין ערך');
    },
  );

  it('a select takes its choices as options or as children', () => {
    render(
      <>
        <SelectField label="א" options={['x', { value: 'y', label: 'וואי' }]} />
        <SelectField label="ב">
          <option value="z">זד</option>
        </SelectField>
      </>,
    );
    expect(screen.getByRole('option', { name: 'וואי' })).toHaveValue('y');
    expect(screen.getByRole('option', { name: 'x' })).toHaveValue('x');
    expect(screen.getByRole('combobox', { name: 'ב' })).toHaveValue('z');
  });

  it('a number field is never negative and whole numbers use the numeric keypad', () => {
    render(<NumberField label="מחיר" integer />);
    const input = screen.getByRole('spinbutton', { name: 'מחיר' });
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('step', '1');
    expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('a checkbox group toggles values in the order of its options, keeping unknown ones', async () => {
    render(<Group />);
    const group = screen.getByRole('group', { name: 'מאפיינים' });
    expect(group).toHaveAccessibleDescription('שגוי');
    await userEvent.click(screen.getByRole('checkbox', { name: 'חניה' }));
    expect(screen.getByRole('status')).toHaveTextContent('ישן,חניה,מעלית');
    await userEvent.click(screen.getByRole('checkbox', { name: 'מעלית' }));
    expect(screen.getByRole('status')).toHaveTextContent('ישן,חניה');
  });

  it('a single checkbox is labelled by its text', async () => {
    render(<CheckboxField label="בלעדי" />);
    const box = screen.getByRole('checkbox', { name: 'בלעדי' });
    await userEvent.click(screen.getByText('בלעדי'));
    expect(box).toBeChecked();
  });
});
