import { publicAddressOf } from '@shared/domain/public-address';
import type { Property } from '@shared/schemas/property';
import type { Database } from '../../db/client';
import { getSettings } from '../settings';

/**
 * What a public surface does to a property (decision 0066): with the agency's setting
 * `exactAddressAfterSigning` on, its address is the street alone (no house number, no entrance); off, it is
 * left as it is. Read per answer from the settings' cache, whose save drops the public caches that hold
 * addresses (their reads name `scopes.settings`), so a change shows on the next read.
 */
export async function publicView(db: Database): Promise<(p: Property) => Property> {
  const streetOnly = (await getSettings(db)).exactAddressAfterSigning;
  if (!streetOnly) return (p) => p;
  return (p) => ({ ...p, address: publicAddressOf(p.address, true) });
}
