import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SERVER_TITLE = 'דירת 4 חדרים למכירה ברחוב הגפן 5, חיפה · 2,150,000 ₪ | LINK נדל"ן';

async function loadPage() {
  vi.resetModules();
  return (await import('@web/components/page')).Page;
}

describe('the document title after hydration', () => {
  beforeEach(() => {
    document.title = SERVER_TITLE;
    window.history.replaceState(null, '', '/PropertyView/abc');
  });
  afterEach(() => document.getElementById('root')?.remove());

  it("keeps the server's full title on the page the server rendered, and sets its own after a move in the app", async () => {
    const root = Object.assign(document.createElement('div'), { id: 'root' });
    root.dataset.ssr = 'hydrate';
    document.body.append(root);
    const Page = await loadPage();
    const { rerender } = render(<Page title="דירה בהגפן 5, חיפה">תוכן</Page>, { container: root });
    expect(document.title).toBe(SERVER_TITLE);

    window.history.pushState(null, '', '/Sale');
    rerender(<Page title="נכסים למכירה">תוכן</Page>);
    expect(document.title).toBe('נכסים למכירה | LINK נדל״ן');
  });

  it('sets the title on a page the server did not render', async () => {
    const Page = await loadPage();
    render(<Page title="נכסים למכירה">תוכן</Page>);
    expect(document.title).toBe('נכסים למכירה | LINK נדל״ן');
  });
});
