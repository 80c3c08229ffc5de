import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLUR_HIDE_MS, Combobox } from './combobox';

function Harness({ disabled = false }: { disabled?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <Combobox
      label="עיר"
      value={value}
      onChange={setValue}
      options={['חיפה', 'חולון', 'ירושלים']}
      noMatch="אין עיר כזו"
      disabled={disabled}
    />
  );
}

afterEach(() => vi.useRealTimers());

describe('Combobox', () => {
  it('suggests by substring, moves with the arrow keys and chooses with Enter', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'עיר' });
    fireEvent.change(input, { target: { value: 'ח' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['חיפה', 'חולון']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'חולון' }).id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue('חולון');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it("says 'no such city' when nothing matches, and hides 150 ms after blur", () => {
    vi.useFakeTimers();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'עיר' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.getByRole('option', { name: 'אין עיר כזו' })).toBeInTheDocument();
    fireEvent.blur(input);
    act(() => vi.advanceTimersByTime(BLUR_HIDE_MS - 10));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(20));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('can be disabled (the street until a city is chosen)', () => {
    render(<Harness disabled />);
    expect(screen.getByRole('combobox', { name: 'עיר' })).toBeDisabled();
  });
});
