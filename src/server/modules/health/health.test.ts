import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startDraining } from './routes';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const ready = () => app.inject({ url: '/api/health/ready' });

describe('health checks', () => {
  it('readiness is 503 until the schema has every migration of this build, then 200', async () => {
    // Another machine is still migrating: the newest migration is not applied yet.
    const [last] = (
      (await app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)
          returning id, hash, created_at`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    const waiting = await ready();
    expect(waiting.statusCode).toBe(503);
    expect(waiting.json()).toMatchObject({ status: 'error', message: 'עדכון מסד הנתונים טרם הסתיים' });
    expect(waiting.headers['cache-control']).toBe('no-store');
    await app.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
    );
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: app.dbHandle.kind });
  });

  it('while draining, readiness is 503 and liveness and the requests are still answered', async () => {
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    startDraining(app);
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'השרת בתהליך כיבוי' });
    const live = await app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/api/v1/settings' })).statusCode).toBe(200);
  });
});
