import { paths } from '@shared/paths';
import { he } from '@web/i18n/he';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

/**
 * The 'properties' dropdown of the navigation bar: sale and rent. A click outside or Tab out of it closes it;
 * Escape closes it and gives the focus back to its button.
 */
export function PropertiesMenu({ onNavigate }: { onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onMouseDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setOpen(false);
      if (ref.current?.contains(document.activeElement)) buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);
  const onBlur = (e: React.FocusEvent) => {
    if (e.relatedTarget && !ref.current?.contains(e.relatedTarget as Node)) setOpen(false);
  };
  return (
    <li ref={ref} className="relative" onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center gap-1 rounded-md px-3 py-2 font-medium hover:bg-white/15"
      >
        {he.nav.properties}
        <ChevronDown aria-hidden="true" size={16} className={open ? 'rotate-180' : ''} />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="surface-light z-30 min-w-44 rounded-lg bg-white py-1 text-brand-900 shadow-lg md:absolute md:start-0 md:top-full"
      >
        {[
          { to: paths.sale(), label: he.nav.sale },
          { to: paths.rent(), label: he.nav.rent },
          { to: paths.favourites(), label: he.favourites.myFavourites },
        ].map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="block px-4 py-2 hover:bg-brand-50"
              onClick={() => {
                setOpen(false);
                onNavigate();
              }}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
