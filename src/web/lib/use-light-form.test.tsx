import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useLightForm } from './use-light-form';

type Body = { name: string; phone: string };

/** Name required, phone of digits only: the shape a zod resolver answers with. */
const resolver: Resolver<Body> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (!values.name) errors.name = { type: 'required', message: 'name missing' };
  if (!/^\d+$/.test(values.phone)) errors.phone = { type: 'pattern', message: 'phone bad' };
  return Object.keys(errors).length
    ? { values: {}, errors }
    : { values: { ...values, name: values.name.trim() }, errors: {} };
};

function Form({ onValid }: { onValid: (values: Body) => void }) {
  const { register, handleSubmit, reset, formState } = useLightForm<Body>({
    resolver,
    defaultValues: { name: '', phone: '050' },
  });
  return (
    <form
      onSubmit={handleSubmit((values) => {
        onValid(values);
        reset({ name: '', phone: '' });
      })}
    >
      <label>
        name
        <input {...register('name')} />
      </label>
      {formState.errors.name && <p>{formState.errors.name.message}</p>}
      <label>
        phone
        <input {...register('phone')} />
      </label>
      {formState.errors.phone && <p>{formState.errors.phone.message}</p>}
      <p>submits {formState.submitCount}</p>
      <button type="submit">send</button>
    </form>
  );
}

describe('useLightForm', () => {
  it('starts from the default values and shows no error before the first submit', async () => {
    render(<Form onValid={vi.fn()} />);
    expect(screen.getByLabelText('phone')).toHaveValue('050');
    await userEvent.type(screen.getByLabelText('phone'), 'x');
    expect(screen.queryByText('phone bad')).toBeNull();
  });

  it('on a failed submit shows every error and focuses the first field in error, sending nothing', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('phone'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('name missing')).toBeInTheDocument();
    expect(screen.getByText('phone bad')).toBeInTheDocument();
    expect(screen.getByLabelText('name')).toHaveFocus();
    expect(screen.getByText('submits 1')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a submit, a change re-validates its own field only', async () => {
    render(<Form onValid={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('phone'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    await screen.findByText('name missing');
    await userEvent.type(screen.getByLabelText('name'), 'Dana');
    expect(screen.queryByText('name missing')).toBeNull();
    expect(screen.getByText('phone bad')).toBeInTheDocument();
  });

  it("sends the resolver's values, and reset empties the fields and the submit count", async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('name'), ' Dana ');
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Dana', phone: '050' });
    expect(screen.getByLabelText('name')).toHaveValue('');
    expect(screen.getByText('submits 0')).toBeInTheDocument();
  });
});
