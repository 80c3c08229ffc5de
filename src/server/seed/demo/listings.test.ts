import { createPropertySchema } from '@shared/schemas/property';
import { describe, expect, it } from 'vitest';
import { demoListings } from './listings';

describe('the demo listings', () => {
  it('each passes the rules a property entered through the API must pass', () => {
    for (const listing of demoListings()) {
      const { pinuyBinuy, imageCount: _images, ...fields } = listing;
      const result = createPropertySchema.safeParse({ ...fields, pinuy_binuy: pinuyBinuy });
      expect(result.error?.issues ?? [], JSON.stringify(listing)).toEqual([]);
    }
  });
});
