import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState } from 'react';

export type CarouselApi = EmblaCarouselType;

/** How far below the screen a carousel starts loading its code, so it is ready when scrolled to. */
const NEAR_SCREEN = '300px';

/**
 * A carousel (embla) whose code loads when its viewport comes near the screen, not with the page: a visitor who
 * never scrolls to it never downloads it. The server's HTML shows the first slide until then. `withApi` runs an
 * action at once when the carousel is there, or loads it first (a click on a control before it came into view).
 */
export function useLazyCarousel(options: EmblaOptionsType) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<CarouselApi>();
  const ready = useRef<Promise<CarouselApi> | undefined>(undefined);
  const start = useRef<() => Promise<CarouselApi> | undefined>(() => undefined);
  const optionsKey = JSON.stringify(options);

  // biome-ignore lint/correctness/useExhaustiveDependencies: optionsKey stands for the options' content
  useEffect(() => {
    if (!node) return;
    let carousel: CarouselApi | undefined;
    let cancelled = false;
    ready.current = undefined;
    start.current = () => {
      ready.current ??= import('embla-carousel').then(({ default: EmblaCarousel }) => {
        if (cancelled) throw new Error('carousel unmounted');
        carousel = EmblaCarousel(node, options);
        setApi(carousel);
        return carousel;
      });
      return ready.current;
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void start.current()?.catch(() => undefined);
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(node);
    return () => {
      cancelled = true;
      observer.disconnect();
      carousel?.destroy();
      setApi(undefined);
    };
  }, [node, optionsKey]);

  const withApi = useCallback(
    (action: (carousel: CarouselApi) => void) => {
      if (api) action(api);
      else void start.current()?.then(action, () => undefined);
    },
    [api],
  );
  return [setNode, api, withApi] as const;
}
