import { he } from '@web/i18n/he';
import { useLazyCarousel } from '@web/lib/use-lazy-carousel';
import { useReducedMotion } from '@web/lib/use-reduced-motion';
import {
  ChevronLeft,
  ChevronRight,
  GraduationCap,
  Landmark,
  Megaphone,
  Pause,
  Play,
  Sprout,
  Tag,
} from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';
import { useAutoplay } from './use-autoplay';

const t = he.publicSite.services;
/** SPEC section 9: the services slider advances every 4 seconds. */
export const SERVICES_INTERVAL_MS = 4000;
const ICONS = [GraduationCap, Landmark, Megaphone, Sprout, Tag];

/** The five services: auto-advancing (not under reduced motion) with a pause/play control, dots, arrows and arrow keys. */
export function ServicesSlider() {
  const reduced = useReducedMotion();
  // The carousel's code loads as it nears the screen (below the first screen of home).
  const [viewportRef, api, withApi] = useLazyCarousel({
    loop: true,
    direction: 'rtl',
    duration: reduced ? 0 : 25,
  });
  const [selected, setSelected] = useState(0);
  const { pauseHandlers, playing, toggle } = useAutoplay(api, SERVICES_INTERVAL_MS, !reduced);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  // In RTL the left arrow key moves forward (to the next slide on the left).
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') withApi((carousel) => carousel.scrollNext());
      else if (event.key === 'ArrowRight') withApi((carousel) => carousel.scrollPrev());
      else return;
      event.preventDefault();
    },
    [withApi],
  );

  const total = t.items.length;
  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="services-title"
      className="bg-white px-4 py-16"
      onKeyDown={onKeyDown}
      {...pauseHandlers}
    >
      <h2 id="services-title" className="mb-8 text-center text-3xl font-bold text-brand-900">
        {t.title}
      </h2>
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6">
        <div className="flex w-full items-center gap-2">
          <button
            type="button"
            onClick={() => withApi((carousel) => carousel.scrollPrev())}
            aria-label={t.previous}
            className="rounded-full p-2 text-brand-800 hover:bg-brand-50"
          >
            <ChevronRight aria-hidden="true" />
          </button>
          <div ref={viewportRef} className="min-w-0 flex-1 overflow-hidden" aria-live="off">
            <div className="flex">
              {t.items.map((item, i) => {
                const Icon = ICONS[i] ?? Tag;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks slides as groups
                  <div
                    key={item.title}
                    role="group"
                    aria-roledescription="slide"
                    aria-label={t.slideLabel(i + 1, total)}
                    aria-hidden={i !== selected}
                    className="min-w-0 shrink-0 grow-0 basis-full px-2"
                  >
                    <div className="flex h-full flex-col items-center gap-3 rounded-2xl bg-gradient-to-b from-brand-50 to-white p-8 text-center shadow-sm">
                      <Icon aria-hidden="true" size={44} className="text-brand-700" />
                      <h3 className="text-2xl font-semibold text-brand-900">{item.title}</h3>
                      <p className="max-w-xl text-lg text-slate-700">{item.text}</p>
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
          <button
            type="button"
            onClick={() => withApi((carousel) => carousel.scrollNext())}
            aria-label={t.next}
            className="rounded-full p-2 text-brand-800 hover:bg-brand-50"
          >
            <ChevronLeft aria-hidden="true" />
          </button>
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={toggle}
            aria-label={playing ? t.pause : t.play}
            title={playing ? t.pause : t.play}
            className="me-2 flex h-8 w-8 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50"
          >
            {playing ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
          </button>
          {t.items.map((item, i) => (
            <button
              key={item.title}
              type="button"
              onClick={() => withApi((carousel) => carousel.scrollTo(i))}
              aria-label={t.goTo(i + 1)}
              aria-current={i === selected ? 'true' : undefined}
              className="flex h-8 w-8 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-3 rounded-full transition-all ${i === selected ? 'w-8 bg-brand-700' : 'w-3 bg-brand-200'}`}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
