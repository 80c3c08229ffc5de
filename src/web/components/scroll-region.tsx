import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** True while the element's content is wider than the element (it scrolls sideways). */
function useOverflowsSideways(ref: RefObject<HTMLElement | null>) {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    // The box and its content are both watched: a resize of either (a narrower window, inputs of an edit
    // mode) can start or end the overflow.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * A labelled region that scrolls sideways when its content (a wide table) does not fit, as on a phone. While it
 * scrolls it is a tab stop, so a keyboard user can reach it and scroll it with the arrow keys (WCAG 2.1.1;
 * axe scrollable-region-focusable); when everything fits it is not, and adds no empty stop.
 */
export function ScrollRegion({
  label,
  className = 'rounded-xl bg-white shadow-sm',
  children,
}: {
  label: string;
  /** The box's look (the sideways scrolling is always on). */
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsSideways(ref);
  return (
    <section
      ref={ref}
      aria-label={label}
      tabIndex={overflows ? 0 : undefined}
      data-scrolls={overflows || undefined}
      className={`overflow-x-auto ${className}`}
    >
      {children}
    </section>
  );
}

/** The classes of a first column that stays in view while the rest of its table scrolls under it. */
export const stickyColumn = (background = 'bg-white') =>
  `sticky start-0 z-10 ${background} shadow-[inset_-1px_0_0_#e2e8f0] rtl:shadow-[inset_1px_0_0_#e2e8f0]`;

/** A table's caption whose text stays in view while the table scrolls sideways under it. */
export function StickyCaption({ children }: { children: ReactNode }) {
  return (
    <caption className="text-start text-lg font-bold text-brand-900">
      <span className="sticky start-0 inline-block p-3">{children}</span>
    </caption>
  );
}
