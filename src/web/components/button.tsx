import type { ComponentPropsWithRef } from 'react';

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  secondary: 'bg-white text-brand-800 border border-brand-700 hover:bg-brand-50 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
} as const;

type Props = ComponentPropsWithRef<'button'> & { variant?: keyof typeof VARIANTS };

export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: Props) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...rest}
    />
  );
}

/** The same look for a link that acts as a button. */
export const buttonClass = (variant: keyof typeof VARIANTS = 'primary') =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium transition-colors ${VARIANTS[variant]}`;
