import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getSettings, saveSettings } from '../settings';
import { propertyCards } from './cards';

// The cards of the visitor's alert mails and favourites follow the agency's address option (decision 0066);
// a lead's matches (staff) always read the exact address.

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

describe('property cards and the exact address', () => {
  it('give a visitor the street alone while the option is on, and staff the exact address', async () => {
    const property = await createProperty(app.db, { address: 'הגפן 12 כניסה ב', city: 'חיפה' });
    const read = async (audience?: 'visitor' | 'staff') =>
      (await propertyCards(app.db, app.storage, [property.id], audience)).get(property.id)!.address;
    expect(await read()).toBe('הגפן 12 כניסה ב');
    await saveSettings(app.db, { ...(await getSettings(app.db)), exactAddressAfterSigning: true });
    expect(await read()).toBe('הגפן');
    expect(await read('visitor')).toBe('הגפן');
    expect(await read('staff')).toBe('הגפן 12 כניסה ב');
    await saveSettings(app.db, { ...(await getSettings(app.db)), exactAddressAfterSigning: false });
    expect(await read()).toBe('הגפן 12 כניסה ב');
  });
});
