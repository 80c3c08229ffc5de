import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;
let adminCookie: string;
const ids: Record<string, string> = {};

/** Sale listings in one city, each differing in the facts the filters of issue 39 read. */
beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
  const city = 'עפולה';
  const rows = {
    ground: { floor: 'קרקע', features: ['חניה', 'מרפסת'], entryDate: 'מידי', price: 1_000_000, size: 100 },
    second: {
      floor: '2',
      features: ['חניה', 'ממ"ד', 'מעלית'],
      entryDate: 'גמיש',
      price: 1_500_000,
      size: 100,
    },
    fifthTop: { floor: '5', buildingFloors: 5, features: ['ממ"ד', 'מחסן'], price: 2_000_000, size: 80 },
    seventh: {
      floor: '7',
      buildingFloors: 9,
      features: ['גישה לנכים', 'מעלית'],
      price: 3_000_000,
      size: 100,
    },
    noFloor: { floor: null, features: [], price: 900_000, size: null },
    penthouse: { floor: '8', category: 'פנטהאוז', features: ['מעלית'], price: 5_000_000, size: 200 },
  };
  for (const [key, fields] of Object.entries(rows)) {
    const row = await createProperty(app.db, { city, address: `${key} 1`, neighbourhood: null, ...fields });
    ids[key] = row.id;
  }
  await app.db.execute(
    // The neighbourhood as staff would write it, with its own spacing and case.
    `update properties set neighbourhood = ' Neve Shaanan ' where id = '${ids.second}'`,
  );
});

async function names(query: string) {
  const res = await app.inject({ url: `/api/v1/property/search?type=sale&city=עפולה&pageSize=60&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { items: { _id: string }[]; total: number };
  expect(data.total).toBe(data.items.length);
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return data.items.map((i) => byId[i._id]).sort();
}

describe('search filters of issue 39', () => {
  it('filters by a floor range, ground being 0, and by not ground and not top', async () => {
    expect(await names('minFloor=2&maxFloor=5')).toEqual(['fifthTop', 'second']);
    expect(await names('maxFloor=0')).toEqual(['ground']);
    expect(await names('notGround=1')).toEqual(['fifthTop', 'penthouse', 'second', 'seventh']);
    // Not top: the floor at the building's known top and the penthouse are left out; unknown counts stay.
    expect(await names('notTop=1')).toEqual(['ground', 'noFloor', 'second', 'seventh']);
  });

  it('asks for every amenity ticked', async () => {
    expect(await names('amenities=parking')).toEqual(['ground', 'second']);
    expect(await names('amenities=parking&amenities=safeRoom')).toEqual(['second']);
    expect(await names('amenities=elevator&amenities=accessible')).toEqual(['seventh']);
    expect(await names('amenities=storage')).toEqual(['fifthTop']);
    expect(await names('amenities=balcony')).toEqual(['ground']);
  });

  it('filters by entry, price per m² and neighbourhood', async () => {
    expect(await names('entry=immediate')).toEqual(['ground']);
    expect(await names('entry=flexible')).toEqual(['ground', 'second']);
    // 10,000, 15,000, 25,000, 30,000 and 25,000 per m²; no size: never within a bound.
    expect(await names('minPricePerMeter=20000&maxPricePerMeter=25000')).toEqual(['fifthTop', 'penthouse']);
    expect(await names('maxPricePerMeter=15000')).toEqual(['ground', 'second']);
    expect(await names('neighbourhood=neve shaanan')).toEqual(['second']);
  });

  it('refuses a minimum above its maximum and unknown values, in Hebrew', async () => {
    const cases: [string, string, string][] = [
      ['minFloor=5&maxFloor=2', 'minFloor', 'המינימום לא יכול לעלות על המקסימום'],
      [
        'minPricePerMeter=30000&maxPricePerMeter=100',
        'minPricePerMeter',
        'המינימום לא יכול לעלות על המקסימום',
      ],
      ['amenities=pool', 'amenities', 'מאפיין לא מוכר'],
      ['entry=tomorrow', 'entry', 'מועד כניסה לא מוכר'],
      ['minFloor=2.5', 'minFloor', 'הקומה חייבת להיות מספר שלם'],
      ['notTop=maybe', 'notTop', 'ערך לא תקין'],
    ];
    for (const [query, field, message] of cases) {
      const res = await app.inject({ url: `/api/v1/property/search?type=sale&${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(field);
      expect(res.body, query).toContain(message);
    }
  });

  it('lets staff set the neighbourhood and the building floors, and shows them', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${ids.seventh}`,
      headers: { cookie: adminCookie },
      payload: { neighbourhood: 'גבעת המורה', buildingFloors: 7 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const one = await app.inject({ url: `/api/v1/property/${ids.seventh}` });
    expect(one.json().data.data).toMatchObject({ neighbourhood: 'גבעת המורה', buildingFloors: 7 });
    expect(await names('neighbourhood=גבעת המורה')).toEqual(['seventh']);
    expect(await names('notTop=1')).not.toContain('seventh');
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${ids.seventh}`,
      headers: { cookie: adminCookie },
      payload: { buildingFloors: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('מספר הקומות בבניין');
  });
});
