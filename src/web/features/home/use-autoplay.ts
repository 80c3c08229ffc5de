import type { CarouselApi } from '@web/lib/use-lazy-carousel';
import { type FocusEvent, useEffect, useState } from 'react';

/**
 * Advances the carousel every `intervalMs` while it is playing and not paused by hover or focus inside.
 * It plays by default unless the visitor prefers reduced motion (`byDefault` false); the visitor's own
 * choice through `toggle` (the visible pause/play control, WCAG 2.2.2) then wins. The timer restarts after
 * every selection, so a dot click gets a full interval.
 */
export function useAutoplay(api: CarouselApi | undefined, intervalMs: number, byDefault: boolean) {
  const [paused, setPaused] = useState(false);
  const [choice, setChoice] = useState<'play' | 'stop' | null>(null);
  const playing = choice === null ? byDefault : choice === 'play';
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
    if (!api || !playing || paused) return;
    const timer = setTimeout(() => api.scrollNext(), intervalMs);
    return () => clearTimeout(timer);
  }, [api, playing, paused, intervalMs, tick]);

  return {
    playing,
    toggle: () => setChoice(playing ? 'stop' : 'play'),
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
