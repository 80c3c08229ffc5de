import type { DehydratedState } from '@tanstack/react-query';
import { renderPage } from '@web/entry-server';
import type { ApiTransport } from '@web/lib/api-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '../test/factories';
import type { TestApp } from '../test/test-app';
import { pageReads } from './page-api';
import { createPagesApp } from './test-pages';

let app: TestApp;
let saleId: string;
let agentId: string;

beforeAll(async () => {
  app = await createPagesApp();
  const agent = await createUser(app.db, { name: 'נועה ישראלי' });
  agentId = agent.id;
  saleId = (await createProperty(app.db, { city: 'חיפה', address: 'הרצל 17', price: 2_450_000, agentId })).id;
  await createProperty(app.db, { city: 'חיפה', address: 'מוריה 40', price: 2_500_000, rooms: 4 });
  await createProperty(app.db, { city: 'עכו', address: 'בן עמי 8', price: 1_300_000, sold: true });
  await createProperty(app.db, {
    typeTransaction: 'השכרה',
    city: 'חיפה',
    address: 'הנביאים 5',
    price: 5_000,
  });
});

const keysOf = (state: DehydratedState) => state.queries.map((q) => JSON.stringify(q.queryKey)).sort();

/** A page rendered twice: with the route's prefetch, and by rendering alone until no query is waiting. */
async function bothWays(url: string) {
  const prefetched = await renderPage(url, pageReads(app).api);
  const discovered = await renderPage(url, pageReads(app).api, [], { prefetch: false });
  return { prefetched, discovered };
}

describe("the server renderer's prefetch", () => {
  const pages = [
    '/',
    '/Sale',
    `/Sale?city=${encodeURIComponent('חיפה')}&minRooms=3&sort=priceAsc`,
    `/Sale?city=${encodeURIComponent('עיר שאינה ברשימה')}`,
    '/Rent?page=2',
    '/AboutLink',
    '/branches/main',
    '/branches/main?page=2',
    '/InvestorPlans',
    '/Valuation',
  ];

  it.each(pages)(
    '%s renders once, with the same HTML and query data as rendering alone finds',
    async (url) => {
      const { prefetched, discovered } = await bothWays(url);
      expect(discovered.passes).toBeGreaterThan(1);
      expect(prefetched.passes).toBe(1);
      expect(keysOf(prefetched.state)).toEqual(keysOf(discovered.state));
      expect(prefetched.html).toBe(discovered.html);
    },
  );

  it('a property page renders once, with the property and its similar list', async () => {
    const { prefetched, discovered } = await bothWays(`/PropertyView/${saleId}`);
    expect(prefetched.passes).toBe(1);
    // The similar properties are picked at random: the same queries, not necessarily the same cards.
    expect(keysOf(prefetched.state)).toEqual(keysOf(discovered.state));
    expect(keysOf(prefetched.state)).toContain(JSON.stringify(['properties', 'similar', saleId]));
    expect(prefetched.html).toContain('הרצל 17');
  });

  it('a property id spelled in capitals asks for the similar list of the id the property answers with', async () => {
    const { prefetched, discovered } = await bothWays(`/PropertyView/${saleId.toUpperCase()}`);
    expect(keysOf(prefetched.state)).toEqual(keysOf(discovered.state));
    expect(keysOf(prefetched.state)).not.toContain(
      JSON.stringify(['properties', 'similar', saleId.toUpperCase()]),
    );
  });

  it('an agent page renders once, with the agent', async () => {
    const { prefetched, discovered } = await bothWays(`/AboutAgent/${agentId}`);
    expect(prefetched.passes).toBe(1);
    expect(prefetched.html).toBe(discovered.html);
    expect(prefetched.html).toContain('נועה ישראלי');
  });
});

describe('renders that interleave', () => {
  /** The page's reads, with the URLs asked of them. */
  const recording = () => {
    const urls: string[] = [];
    const reads = pageReads(app).api;
    const api: ApiTransport = (url, init) => {
      urls.push(url);
      return reads(url, init);
    };
    return { api, urls };
  };

  it("each page's queries reach its own reads, never those of a page begun meanwhile", async () => {
    const pages = [
      `/PropertyView/${saleId}`,
      '/Rent?page=2',
      `/AboutAgent/${agentId}`,
      '/Sale?sort=priceAsc',
    ];
    const alone = [];
    for (const url of pages) {
      const reads = recording();
      await renderPage(url, reads.api, [], { prefetch: false });
      alone.push([...new Set(reads.urls)].sort());
    }
    const together = pages.map(() => recording());
    await Promise.all(pages.map((url, i) => renderPage(url, together[i]!.api, [], { prefetch: false })));
    expect(together.map((reads) => [...new Set(reads.urls)].sort())).toEqual(alone);
  });
});
