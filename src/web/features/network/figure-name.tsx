import { network as t } from '@web/i18n/network';
import { Info } from 'lucide-react';
import { useState } from 'react';

/**
 * A figure's name with its definition one tap away: a disclosure button (aria-expanded) that shows the text
 * under the name, by touch, mouse or keyboard, and that a screen reader announces as expanded or collapsed.
 */
export function FigureName({ id, name, definition }: { id: string; name: string; definition: string }) {
  const [open, setOpen] = useState(false);
  const definitionId = `figure-definition-${id}`;
  return (
    <div>
      <div className="flex items-center gap-1">
        <span>{name}</span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={definitionId}
          aria-label={t.definitionOf(name)}
          onClick={() => setOpen((shown) => !shown)}
          className="inline-flex min-h-6 min-w-6 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50"
        >
          <Info aria-hidden="true" size={18} />
        </button>
      </div>
      <p
        id={definitionId}
        hidden={!open}
        className="mt-1 max-w-64 whitespace-normal text-xs font-normal text-slate-700"
      >
        {definition}
      </p>
    </div>
  );
}
