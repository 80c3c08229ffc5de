import { distanceMeters } from '@shared/domain/geo';
import { describe, expect, it } from 'vitest';
import { mapGoal, mapIndicator } from './map-metrics';
import { mapProperty } from './map-property';
import { mapReportContact } from './map-report-contact';
import { mapUser } from './map-user';
import { emptyReport, RecordNotes } from './report';

// The mappers alone (no database): what the product's input rules refuse is skipped or mapped, and noted.
const report = emptyReport(true);
const notes = (collection: 'users' | 'indicators' | 'goals' | 'properties' | 'reportcontacts') =>
  new RecordNotes(report, collection, '65f000000000000000000001');
const resolve = () => '00000000-0000-4000-8000-000000000001';
const agent = 'legacy-agent';

describe('the import keeps only what the input rules accept', () => {
  it('skips a daily status or a goal dated outside 2000 to one year ahead', () => {
    expect(
      mapIndicator({ agent, createdAt: new Date('1970-01-02T00:00:00Z') }, notes('indicators'), resolve),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/not between 2000/) });
    expect(
      mapIndicator({ agent, createdAt: new Date('2024-05-01T09:00:00Z') }, notes('indicators'), resolve).ok,
    ).toBe(true);
    expect(mapGoal({ agent, year: 2206, month: 1 }, notes('goals'), resolve)).toMatchObject({ ok: false });
  });

  it('takes a contact report’s status date outside the window as the day it was written', () => {
    const mapped = mapReportContact(
      {
        agent,
        clientName: 'לקוח',
        exclusiveProperty: 'הרצל 1',
        statusDate: '0202-03-01',
        createdAt: '2025-03-02T10:00:00Z',
      },
      notes('reportcontacts'),
      resolve,
    );
    expect(mapped).toMatchObject({ ok: true, value: { statusDate: '2025-03-02' } });
  });

  it('strips bidi overrides from names and skips a name with nothing visible', () => {
    const user = { email: 'a@example.com', role: 'agent' };
    expect(mapUser({ ...user, name: '\u202Eדנה\u202C' }, notes('users'), report)).toMatchObject({
      ok: true,
      value: { name: 'דנה' },
    });
    expect(mapUser({ ...user, name: '\u200B\u200F' }, notes('users'), report)).toMatchObject({ ok: false });
    const property = { typeTransaction: 'מכירה', city: '\u3164', address: 'הרצל 1', price: 1 };
    expect(mapProperty(property, notes('properties'), resolve)).toMatchObject({ ok: false });
  });

  it('takes a point in Israel in any of the shapes the earlier app kept, and notes one elsewhere', () => {
    const base = { typeTransaction: 'מכירה', city: 'חיפה', address: 'הרצל 1', price: 1 };
    const shapes = [
      { lat: 32.81, lng: 34.99 },
      { latitude: '32.81', longitude: '34.99' },
      { location: { lat: 32.81, lng: 34.99 } },
      { location: { type: 'Point', coordinates: [34.99, 32.81] } },
    ];
    for (const shape of shapes) {
      const mapped = mapProperty({ ...base, ...shape }, notes('properties'), resolve);
      expect(mapped, JSON.stringify(shape)).toMatchObject({ ok: true, value: { lat: 32.81, lng: 34.99 } });
      if (!mapped.ok) continue;
      const meters = distanceMeters(
        { lat: 32.81, lng: 34.99 },
        { lat: mapped.value.publicLat!, lng: mapped.value.publicLng! },
      );
      expect(meters).toBeGreaterThanOrEqual(150);
      expect(meters).toBeLessThanOrEqual(300);
    }
    const elsewhere = new RecordNotes(report, 'properties', '65f000000000000000000002');
    const paris = mapProperty({ ...base, lat: 48.85, lng: 2.35 }, elsewhere, resolve);
    expect(paris).toMatchObject({
      ok: true,
      value: { lat: null, lng: null, publicLat: null, publicLng: null },
    });
    expect(report.mapped).toContainEqual({
      collection: 'properties',
      legacyId: '65f000000000000000000002',
      field: 'location',
      from: { lat: 48.85, lng: 2.35 },
      to: null,
    });
    expect(mapProperty(base, notes('properties'), resolve)).toMatchObject({ ok: true, value: { lat: null } });
  });
});
