import type { UseEmblaCarouselType } from 'embla-carousel-react';
import { type FocusEvent, useEffect, useState } from 'react';

type EmblaCarouselType = NonNullable<UseEmblaCarouselType[1]>;

/**
 * Advances the carousel every `intervalMs` unless paused (hover or focus inside) or disabled
 * (reduced motion). The timer restarts after every selection, so a dot click gets a full interval.
 */
export function useAutoplay(api: EmblaCarouselType | undefined, intervalMs: number, enabled: boolean) {
  const [paused, setPaused] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setTick((n) => n + 1);
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick restarts the interval after each slide change
  useEffect(() => {
    if (!api || !enabled || paused) return;
    const timer = setTimeout(() => api.scrollNext(), intervalMs);
    return () => clearTimeout(timer);
  }, [api, enabled, paused, intervalMs, tick]);

  return {
    pauseHandlers: {
      onMouseEnter: () => setPaused(true),
      onMouseLeave: () => setPaused(false),
      onFocus: () => setPaused(true),
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      },
    },
  };
}
