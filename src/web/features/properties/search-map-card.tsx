import { paths } from '@shared/paths';
import { searchMap as t } from '@web/i18n/search-map';
import { formatPrice } from '@web/lib/format';
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { MapPin } from './search-map-markers';

/**
 * A pressed pin's card over the map: photo, price, rooms and the link to the property. Focus moves into it and
 * returns to the pin when it closes (the close button or Escape).
 */
export function PinCard({ pin, onClose }: { pin: MapPin; onClose: () => void }) {
  const titleId = useId();
  const link = useRef<HTMLAnchorElement>(null);
  const card = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in whenever another pin is pressed.
  useEffect(() => link.current?.focus(), [pin.id]);
  // Escape closes the card from any of its controls.
  useEffect(() => {
    const element = card.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <section ref={card} aria-labelledby={titleId} className="pin-card">
      {pin.image && <img src={pin.image} alt="" className="pin-card-photo" width={120} height={90} />}
      <div className="flex flex-1 flex-col gap-1">
        <p id={titleId} className="text-lg font-bold text-brand-800">
          {formatPrice(pin.price)}
        </p>
        {pin.rooms !== null && <p className="text-sm text-slate-700">{t.rooms(pin.rooms)}</p>}
        <Link ref={link} to={paths.propertyView(pin.id)} className="font-semibold text-brand-700 underline">
          {t.open}
        </Link>
      </div>
      <button type="button" onClick={onClose} aria-label={t.close} className="pin-card-close">
        <X aria-hidden size={18} />
      </button>
    </section>
  );
}
