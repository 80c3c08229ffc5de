import type { Photo as PhotoData } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Photo } from './photo';

const t = he.properties.view;

type Props = { photos: PhotoData[]; address: string; startIndex: number; onClose: () => void };

/** Full-screen slider in a native modal dialog: previous / next wrap around, arrow keys, Escape, and swipe (embla). */
export function Slider({ photos, address, startIndex, onClose }: Props) {
  const [viewport, embla] = useEmblaCarousel({ loop: true, direction: 'rtl', startIndex });
  const [index, setIndex] = useState(startIndex);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  // A native modal dialog: the browser keeps focus inside it and makes the page behind it inert.
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      dialog?.close();
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  // Escape anywhere in the dialog: the browser's cancel event, closed through React so the opener gets focus back.
  const onCancel = (event: React.SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };

  // The modal dialog makes the page inert; at its edges Tab would leave for the browser's own bar, so it wraps.
  const wrapFocus = (event: React.KeyboardEvent) => {
    const [first, last] = [closeRef.current, nextRef.current];
    const edge = event.shiftKey ? first : last;
    if (document.activeElement !== edge) return;
    event.preventDefault();
    (event.shiftKey ? last : first)?.focus();
  };

  // In RTL the right arrow points back (previous), the left arrow forward (next). Tab is the browser's, in
  // document order (close, previous, next), except at the edges, where wrapFocus turns it around.
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Tab') return wrapFocus(event);
    if (event.key === 'ArrowRight') prev();
    else if (event.key === 'ArrowLeft') next();
    else return;
    event.preventDefault();
  };

  return createPortal(
    <dialog
      ref={dialogRef}
      aria-label={t.slider}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      className="surface-dark fixed inset-0 m-0 h-full max-h-none w-full max-w-none flex-col bg-slate-950/95 p-0 text-white open:flex backdrop:bg-slate-950/80"
      dir="rtl"
    >
      <div className="flex items-center justify-between p-3">
        <p aria-live="polite">{t.counter(index + 1, photos.length)}</p>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={t.close}
          className="rounded-full p-2 hover:bg-white/10"
        >
          <X size={28} aria-hidden />
        </button>
      </div>
      <div ref={viewport} className="min-h-0 flex-1 overflow-hidden">
        <div className="flex h-full">
          {photos.map((photo, i) => (
            <div
              key={photo._id}
              className="flex h-full min-w-0 flex-[0_0_100%] items-center justify-center p-2"
              aria-hidden={i !== index}
            >
              <Photo
                photo={photo}
                alt={t.photoAlt(address, i + 1)}
                sizes="100vw"
                eager={Math.abs(i - index) <= 1}
                className="max-h-full w-auto max-w-full object-contain"
              />
            </div>
          ))}
        </div>
      </div>
      <div className="flex justify-center gap-6 p-4">
        <button
          type="button"
          onClick={prev}
          aria-label={t.prev}
          className="rounded-full bg-white/10 p-3 hover:bg-white/20"
        >
          <ChevronRight size={28} aria-hidden />
        </button>
        <button
          ref={nextRef}
          type="button"
          onClick={next}
          aria-label={t.next}
          className="rounded-full bg-white/10 p-3 hover:bg-white/20"
        >
          <ChevronLeft size={28} aria-hidden />
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
