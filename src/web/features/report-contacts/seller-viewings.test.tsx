import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SellerViewings } from './seller-viewings';

describe("the seller's viewings feedback", () => {
  it('lists each viewing that took place with its time, interest and note', () => {
    render(
      <SellerViewings
        viewings={[
          // 10:00 and 18:30 in Israel (UTC+2).
          { at: '2026-11-22T08:00:00.000Z', interest: 4, notes: 'אהבו את המרפסת' },
          { at: '2026-11-24T16:30:00.000Z', interest: 2, notes: '' },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'משוב מביקורים בנכס (2 ביקורים)' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('22.11.2026 10:00');
    expect(items[0]).toHaveTextContent('4 מתוך 5 · מעוניין/ת');
    expect(items[0]).toHaveTextContent('אהבו את המרפסת');
    expect(items[1]).toHaveTextContent('24.11.2026 18:30');
    expect(within(items[1]!).queryByText('הערות')).toBeNull();
  });

  it('shows nothing when no viewing took place', () => {
    const { container } = render(<SellerViewings viewings={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
