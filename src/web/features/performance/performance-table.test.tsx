import { byMetric, METRIC_KEYS } from '@shared/domain/metrics';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PerformanceTable } from './performance-table';

const counts = byMetric(() => ({ actual: 1, goal: null, percentage: null, forecast: 2 }));

describe('PerformanceTable', () => {
  it('shows deals with a share and the commission in ₪ with its forecast, after the counts', () => {
    render(
      <PerformanceTable
        title="סוכנת א"
        figures={{
          ...counts,
          money: {
            sharedDeals: { actual: 1, forecast: 1.5 },
            commission: { actual: 564_000, forecast: 846_000 },
          },
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'סוכנת א' });
    const shared = within(table).getByRole('row', { name: /עסקאות בשיתוף/ });
    expect(within(shared).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(shared).getAllByRole('cell')[3]).toHaveTextContent('1.5');
    const commission = within(table).getByRole('row', { name: /עמלה/ });
    const cells = within(commission).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('5,640.00');
    expect(cells[0]).toHaveTextContent('₪');
    expect(cells[1]).toHaveTextContent('אין יעד');
    expect(cells[3]).toHaveTextContent('8,460.00');
  });

  it('without money (an older answer) shows the counts alone', () => {
    render(<PerformanceTable title="סוכנת ב" figures={counts} />);
    expect(screen.queryByRole('row', { name: /עמלה/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(METRIC_KEYS.length + 1);
  });
});
