import type { ReactNode } from 'react';

/** A centred message for loading, empty and error states (announced to screen readers). */
export function StatusMessage({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div role="status" aria-busy={busy || undefined} className="py-16 text-center text-lg text-slate-600">
      {children}
    </div>
  );
}
