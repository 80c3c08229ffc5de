import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SellerChart } from './seller-chart';

const week = (weekStart: string, visits: number, views: number, inquiries: number) => ({
  weekStart,
  reports: 1,
  visits,
  views,
  inquiries,
  notes: [],
});

beforeEach(() => {
  // The chart measures its box; jsdom has no layout, so it draws nothing, and its summary is the subject.
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

describe("the seller's weekly chart, to assistive technology", () => {
  it('is one image named in Hebrew by its series and each week, never by the data keys', () => {
    render(<SellerChart weeks={[week('2026-11-01', 3, 1250, 1), week('2026-11-08', 0, 40, 2)]} />);
    const chart = screen.getByRole('figure', { name: 'פעילות לפי שבוע' });
    const image = within(chart).getByRole('img');
    expect(image.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    const name = image.getAttribute('aria-label');
    expect(name).toBe(
      'תרשים עמודות לפי שבוע של ביקורים, צפיות ופניות (לצפיות ציר משלהן). ' +
        'שבוע מ-1.11.2026: ביקורים 3, צפיות 1,250, פניות 1; שבוע מ-8.11.2026: ביקורים 0, צפיות 40, פניות 2.',
    );
    expect(name).not.toMatch(/visits|views|inquiries/);
  });
});
