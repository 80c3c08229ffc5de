import { beforeAll, describe, expect, it } from 'vitest';
import { alertEvents } from '../../db/schema';
import { createProperty } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runAlertsOnce } from './job';
import { WEEKDAY_MORNING } from './test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});

describe('the alerts job leaves the database to visitors between slices', () => {
  it('answers a request that arrives while it works before its last slice', async () => {
    const events = [];
    for (let i = 0; i < 20; i += 1) {
      const property = await createProperty(app.db, { city: `עיר-פרוסות-${i}` });
      events.push({ propertyId: property.id, kind: 'newListing' as const, newPrice: property.price });
    }
    await app.db.insert(alertEvents).values(events);
    let slices = 0;
    let slicesWhenServed = -1;
    // A budget no slice can meet: every slice halves down to one event, so the run has many slices.
    const job = runAlertsOnce(app, WEEKDAY_MORNING, { budgetMs: -1, onSlice: () => (slices += 1) });
    const health = app.inject({ url: '/api/health' }).then((res) => {
      slicesWhenServed = slices;
      return res.statusCode;
    });
    expect(await health).toBe(200);
    await job;
    // 20 events in slices of 10, 5, 2, 1, 1, 1, then the queueing slice: the request came in between them.
    expect(slices).toBeGreaterThan(4);
    expect(slicesWhenServed).toBeGreaterThanOrEqual(0);
    expect(slicesWhenServed).toBeLessThan(slices - 2);
  });
});
