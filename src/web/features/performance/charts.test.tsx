import { METRIC_KEYS } from '@shared/domain/metrics';
import type { MetricPerformance } from '@shared/schemas/goal';
import type { Indicator } from '@shared/schemas/indicator';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActualVsGoalChart, AgentsComparisonChart, DailyActivityChart } from './charts';

const figure = (actual: number, goal: number | null): MetricPerformance =>
  ({ actual, goal, percentage: null, forecast: actual }) as MetricPerformance;
const zero = Object.fromEntries(METRIC_KEYS.map((key) => [key, 0])) as Record<
  (typeof METRIC_KEYS)[number],
  number
>;
const status = (createdAt: string, counts: Partial<typeof zero>): Indicator =>
  ({ _id: createdAt, agent: [], ...zero, ...counts, createdAt }) as Indicator;

/** What assistive technology gets from a chart: the figure's name, and the one image inside it. */
function readChart(title: string) {
  const chart = screen.getByRole('figure', { name: title });
  const image = within(chart).getByRole('img');
  // The drawing (legend, ticks, bars) is hidden: its texts are the data keys' pieces, not sentences.
  expect(image.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  expect(within(chart).queryAllByRole('img')).toHaveLength(1);
  const name = image.getAttribute('aria-label') ?? '';
  // Hebrew only: no English series keys ('score', 'meetings') reach a screen reader.
  expect(name).not.toMatch(/[A-Za-z]/);
  return name;
}

beforeEach(() => {
  // The charts measure their box; jsdom has no layout, so they draw nothing, and their summaries are the subject.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the performance charts, to assistive technology', () => {
  it('actual against goal: every metric in Hebrew, with its actual count and its goal or none', () => {
    const figures = Object.fromEntries(METRIC_KEYS.map((key) => [key, figure(0, null)])) as Record<
      (typeof METRIC_KEYS)[number],
      MetricPerformance
    >;
    figures.meetings = figure(1250, 2000);
    figures.deals = figure(1, 2);
    render(<ActualVsGoalChart figures={figures} />);
    expect(readChart('בפועל מול יעד בחודש')).toBe(
      'תרשים עמודות, בפועל מול יעד לכל מדד. פגישות: 1,250 בפועל, יעד 2,000; בלעדיות: 0 בפועל, ללא יעד; ' +
        'עדכוני מחיר: 0 בפועל, ללא יעד; סיורי קונים: 0 בפועל, ללא יעד; הצעות מחיר: 0 בפועל, ללא יעד; ' +
        'עסקאות: 1 בפועל, יעד 2.',
    );
  });

  it('daily activity: the days with activity and the month total of each metric', () => {
    render(
      <DailyActivityChart
        indicators={[
          status('2026-11-02T08:00:00.000Z', { meetings: 2, deals: 1 }),
          status('2026-11-02T15:00:00.000Z', { meetings: 1 }),
          status('2026-11-05T08:00:00.000Z', { buyerTours: 4 }),
        ]}
      />,
    );
    expect(readChart('פעילות יומית בחודש')).toBe(
      'תרשים עמודות מוערמות, הפעילות בכל יום בחודש לפי מדד. יומיים עם פעילות. סך החודש: פגישות 3, ' +
        'בלעדיות 0, עדכוני מחיר 0, סיורי קונים 4, הצעות מחיר 0, עסקאות 1.',
    );
  });

  it('daily activity of an empty month says there was none, and one day reads in the singular', () => {
    const { unmount } = render(<DailyActivityChart indicators={[]} />);
    expect(readChart('פעילות יומית בחודש')).toBe('תרשים עמודות של הפעילות בכל יום בחודש: לא נרשמה פעילות.');
    unmount();
    render(<DailyActivityChart indicators={[status('2026-11-03T08:00:00.000Z', { exclusives: 1 })]} />);
    expect(readChart('פעילות יומית בחודש')).toContain('. יום אחד עם פעילות. ');
  });

  it("agents' comparison: each agent's name and score, never the 'score' key", () => {
    render(
      <AgentsComparisonChart
        data={[
          { name: 'דנה לוי', score: 45 },
          { name: 'יוסי כהן', score: 1200 },
        ]}
      />,
    );
    expect(readChart('השוואת סוכנים: ניקוד החודש')).toBe(
      'תרשים עמודות, ניקוד החודש לכל סוכן: דנה לוי 45, יוסי כהן 1,200.',
    );
  });
});
