import type { Property, UpdatePropertyInput } from '@shared/schemas/property';

/** The edit form's state: every writable field, agents as ids. */
export type Draft = Required<UpdatePropertyInput>;

export const draftOf = (p: Property): Draft => ({
  typeTransaction: p.typeTransaction as Draft['typeTransaction'],
  sold: p.sold,
  pinuy_binuy: p.pinuy_binuy,
  exclusive: p.exclusive,
  yad2: p.yad2 ?? '',
  city: p.city,
  address: p.address,
  price: p.price,
  category: p.category as Draft['category'],
  rooms: p.rooms,
  floor: p.floor ?? '',
  size: p.size,
  entryDate: p.entryDate ?? '',
  propertyCondition: p.propertyCondition ?? '',
  features: p.features,
  description: p.description,
  agent: p.agent?._id ?? null,
  agentSecend: p.agentSecend?._id ?? null,
});

/** A number input's value, or null when emptied. */
export const num = (value: string) => (value.trim() === '' ? null : Number(value));
