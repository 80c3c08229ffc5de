import { type ReactElement, useId } from 'react';
import { ResponsiveContainer } from 'recharts';

type Props = {
  title: string;
  /** What the chart shows, in Hebrew words and numbers: its series (the legend) and their values. */
  summary: string;
  className?: string;
  titleId?: string;
  /** A recharts chart, with `accessibilityLayer={false}`: the summary is what assistive technology reads. */
  children: ReactElement;
};

/**
 * A chart as a captioned figure. To assistive technology the drawing is one image whose name is the summary:
 * the legend and tick texts are drawn pieces of an SVG, read out of order (or not at all) and around the
 * data keys, so they are hidden and the summary says the same in Hebrew. The full figures are in the page's
 * tables (docs/decisions/0024-chart-summaries.md).
 */
export function ChartFigure({ title, summary, className = '', titleId, children }: Props) {
  const ownId = useId();
  const captionId = titleId ?? ownId;
  return (
    <figure aria-labelledby={captionId} className={className}>
      <figcaption id={captionId} className="mb-2 text-lg font-bold text-brand-900">
        {title}
      </figcaption>
      <div role="img" aria-label={summary} className="h-72 w-full">
        {/* Charts read left to right like their numbers, inside the RTL page. */}
        <div aria-hidden="true" dir="ltr" className="h-full w-full">
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      </div>
    </figure>
  );
}
