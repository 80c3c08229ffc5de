import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { groupDigits, ungroupDigits } from '@web/lib/format';
import { describe, expect, it } from 'vitest';
import { PriceFormField } from './price-input';

describe('a typed price', () => {
  it('groups whole numbers with separators and leaves other text as typed', () => {
    expect(groupDigits('1500000')).toBe('1,500,000');
    expect(groupDigits('1,50,0')).toBe('1,500');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('0012')).toBe('12');
    expect(groupDigits('12a')).toBe('12a');
    expect(ungroupDigits('1,500,000 ₪')).toBe('1500000');
  });

  it('shows separators while typing, the shekel sign after the number, in a 44 px box', async () => {
    render(<PriceFormField label="מחיר" required />);
    const input = screen.getByRole('textbox', { name: 'מחיר' });
    await userEvent.type(input, '2450000');
    expect(input).toHaveValue('2,450,000');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input.className).toContain('min-h-11');
    // The sign follows the input in the document, so in a right-to-left row it sits after the number.
    expect(input.nextElementSibling).toHaveTextContent('₪');
    await userEvent.type(input, '{backspace}{backspace}{backspace}');
    expect(input).toHaveValue('2,450');
  });
});
