import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import sharp from 'sharp';

/** Legacy ObjectIds of the fixture (24 hex digits; the first 8 are the creation time). */
export const ID = {
  dana: '65f000000000000000000a01',
  yossi: '65f000000000000000000a02',
  ruti: '65f000000000000000000a03',
  noEmail: '65f000000000000000000a04',
  ghost: '65f0000000000000000000ff',
  i1: '65f000000000000000000b01',
  i2: '65f000000000000000000b02',
  i3: '65f000000000000000000b03',
  i4: '65f000000000000000000b04',
  i5: '65f000000000000000000b05',
  g1: '65f000000000000000000c01',
  g2: '65f000000000000000000c02',
  p1: '65f000000000000000000d01',
  p2: '65f000000000000000000d02',
  p3: '65f000000000000000000d03',
  r1: '65f000000000000000000e01',
} as const;

export const OLD_PASSWORDS = { dana: 'dana-old-secret-1', yossi: 'yossi-old-secret-2' } as const;
export const EMAILS = {
  dana: 'dana@agency.test',
  yossi: 'yossi@agency.test',
  ruti: 'ruti@agency.test',
} as const;

const oid = (id: string) => ({ $oid: id });
const date = (iso: string) => ({ $date: iso });
const canonicalDate = (iso: string) => ({ $date: { $numberLong: String(Date.parse(iso)) } });

/**
 * Writes a small export of the earlier app with every case the import handles, in the formats mongoexport
 * writes (users and goals as --jsonArray, the rest as JSON lines), plus an image folder; returns both paths.
 */
export async function writeFixture(): Promise<{ dir: string; images: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mongo-export-'));
  const images = mkdtempSync(join(tmpdir(), 'mongo-images-'));
  const users = [
    {
      _id: oid(ID.dana),
      name: 'דנה מנהלת',
      email: EMAILS.dana,
      phone_number: '050-111-2222',
      role: 'admin',
      companyRole: 'מנכ"ל ומייסד',
      image: 'https://cdn.old-host.example/dana.jpg',
      aboutMe: 'מנהלת את המשרד',
      password: bcrypt.hashSync(OLD_PASSWORDS.dana, 8).replace(/^\$2b\$/, '$2a$'),
    },
    {
      _id: oid(ID.yossi),
      name: 'יוסי סוכן',
      email: EMAILS.yossi,
      phone_number: '052-333-4444',
      role: 'agent',
      image: 'uploads/yossi.png',
      password: bcrypt.hashSync(OLD_PASSWORDS.yossi, 8).replace(/^\$2a\$/, '$2b$'),
      passwordConfirm: OLD_PASSWORDS.yossi,
      createdAt: canonicalDate('2024-01-15T08:00:00Z'),
    },
    { _id: oid(ID.ruti), name: 'רותי', email: EMAILS.ruti, role: 'user', phone_number: '054-555-6666' },
    { _id: oid(ID.noEmail), name: 'ללא מייל', role: 'agent', password: 'x' },
  ];
  const metrics = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };
  const indicators = [
    {
      _id: oid(ID.i1),
      agent: [oid(ID.yossi)],
      ...metrics,
      meetings: 3,
      deals: 1,
      createdAt: date('2026-03-02T07:00:00Z'),
    },
    // 00:30 on 1 April in Israel (summer time): an April figure, not a March one.
    {
      _id: oid(ID.i2),
      agent: [oid(ID.yossi)],
      ...metrics,
      exclusives: 2,
      priceOffers: 1,
      createdAt: date('2026-03-31T21:30:00Z'),
    },
    {
      _id: oid(ID.i3),
      agent: [oid(ID.ruti)],
      ...metrics,
      meetings: 1,
      priceUpdates: 2,
      buyerTours: 1,
      createdAt: date('2026-03-10T09:00:00Z'),
    },
    {
      _id: oid(ID.i4),
      agent: [oid(ID.ghost)],
      ...metrics,
      deals: 9,
      createdAt: date('2026-03-11T09:00:00Z'),
    },
    {
      _id: oid(ID.i5),
      agent: [oid(ID.yossi)],
      ...metrics,
      meetings: { $numberInt: '4' },
      exclusives: 1,
      createdAt: canonicalDate('2026-03-15T10:00:00Z'),
    },
  ];
  const goals = [
    {
      _id: oid(ID.g1),
      agent: [oid(ID.yossi)],
      ...metrics,
      meetings: 10,
      exclusives: 4,
      deals: 2,
      year: 2026,
      month: 3,
      createdAt: date('2026-03-01T08:00:00Z'),
    },
    // No year/month: 01:30 on 1 March in Israel (winter time), so March 2026.
    {
      _id: oid(ID.g2),
      agent: [oid(ID.ruti)],
      ...metrics,
      meetings: 4,
      priceUpdates: 4,
      createdAt: date('2026-02-28T23:30:00Z'),
    },
  ];
  const properties = [
    {
      _id: oid(ID.p1),
      typeTransaction: 'מכירה',
      city: 'חיפה',
      address: 'הרצל 5',
      price: 1_200_000,
      category: 'דירה',
      subTypes: ['דירת גן', 'מחסן', 'נוף לים'],
      descrption: 'דירה מוארת עם גינה',
      floor: 3,
      rooms: 4,
      size: 95,
      entryDate: date('2026-06-01T00:00:00Z'),
      features: ['מעלית'],
      agent: oid(ID.yossi),
      agentSecend: oid(ID.ruti),
      image: 'p1-front.jpg',
      images: ['p1-front.jpg', 'https://cdn.old-host.example/p1-2.jpg'],
      // A GeoJSON point, as a Mongo 2dsphere field keeps it: longitude first.
      location: { type: 'Point', coordinates: [34.9912, 32.8101] },
    },
    {
      _id: oid(ID.p2),
      typeTransaction: 'השכרה',
      city: 'עכו',
      address: 'החומה 1',
      price: 4500,
      category: 'מגרש',
      rooms: 0.3,
      size: 80.6,
      floor: '3/8',
      features: ['מחסן', 'בריכה'],
      agent: oid(ID.ghost),
    },
    {
      _id: oid(ID.p3),
      typeTransaction: 'החלפה',
      city: 'חיפה',
      address: 'נורדאו 2',
      price: 1,
      category: 'בית',
    },
  ];
  const reportcontacts = [
    {
      _id: oid(ID.r1),
      agent: oid(ID.yossi),
      clientName: 'משפחת כהן',
      exclusiveProperty: 'הרצל 5',
      visits: 2,
      views: 5,
      inquiries: 1,
      statusDate: date('2026-03-05T22:00:00Z'),
      note: 'מעוניינים',
    },
  ];
  const lines = (docs: object[]) => `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`;
  writeFileSync(join(dir, 'users.json'), JSON.stringify(users));
  writeFileSync(join(dir, 'indicators.json'), lines(indicators));
  writeFileSync(join(dir, 'goals.json'), JSON.stringify(goals));
  writeFileSync(join(dir, 'properties.json'), lines(properties));
  writeFileSync(join(dir, 'reportcontacts.json'), lines(reportcontacts));
  await writeImages(images);
  return { dir, images };
}

async function writeImages(dir: string) {
  const photo = (r: number) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 120, b: 90 } } })
      .withMetadata({ exif: { IFD0: { Artist: 'old app' } } })
      .jpeg()
      .toBuffer();
  mkdirSync(join(dir, 'uploads'), { recursive: true });
  writeFileSync(join(dir, 'p1-front.jpg'), await photo(200));
  writeFileSync(
    join(dir, 'uploads', 'yossi.png'),
    await sharp(await photo(40))
      .png()
      .toBuffer(),
  );
}
