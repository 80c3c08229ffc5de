import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '../domain/brokerage-order';
import { type CreateOrderInput, createOrderSchema, signOrderSchema } from './orders';

const valid: CreateOrderInput = {
  leadId: '2b9b2f4e-1c1f-4b8e-9a3c-2f8f7f1b1c11',
  side: 'buyer',
  transactionKind: 'purchase',
  clientName: 'ישראל ישראלי',
  clientIdNumber: '123456782',
  clientAddress: 'הרצל 1, תל אביב',
  clientPhone: '050-1234567',
  properties: [{ address: 'דיזנגוף 100, תל אביב' }],
  approxPrice: 2_500_000,
  feeKind: 'percent',
  feeValue: 2,
  vatIncluded: false,
};

/** The field messages of a refused order. */
function refusal(patch: Partial<Record<keyof CreateOrderInput, unknown>>): Record<string, string> {
  const result = createOrderSchema.safeParse({ ...valid, ...patch });
  expect(result.success).toBe(false);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('createOrderSchema', () => {
  it('accepts a complete order and pads a short ID to nine digits', () => {
    const parsed = createOrderSchema.parse({ ...valid, clientIdNumber: '18' });
    expect(parsed.clientIdNumber).toBe('000000018');
  });

  it('refuses each missing required field with its Hebrew message on the field', () => {
    expect(refusal({ clientName: '' })).toMatchObject({ clientName: ORDER_MESSAGES.clientName });
    expect(refusal({ clientIdNumber: '' })).toMatchObject({ clientIdNumber: ORDER_MESSAGES.clientIdNumber });
    expect(refusal({ clientAddress: ' ' })).toMatchObject({ clientAddress: ORDER_MESSAGES.clientAddress });
    expect(refusal({ clientPhone: '03-1234567' })).toMatchObject({ clientPhone: ORDER_MESSAGES.clientPhone });
    expect(refusal({ properties: [] })).toMatchObject({ properties: ORDER_MESSAGES.properties });
    expect(refusal({ properties: [{ address: '' }] })).toMatchObject({
      'properties.0.address': ORDER_MESSAGES.propertyAddress,
    });
    expect(refusal({ approxPrice: 0 })).toMatchObject({ approxPrice: ORDER_MESSAGES.approxPrice });
    expect(refusal({ approxPrice: 10.5 })).toMatchObject({ approxPrice: ORDER_MESSAGES.approxPrice });
    expect(refusal({ side: 'agent' })).toMatchObject({ side: ORDER_MESSAGES.side });
    expect(refusal({ transactionKind: 'swap' })).toMatchObject({
      transactionKind: ORDER_MESSAGES.transactionKind,
    });
    expect(refusal({ feeKind: undefined })).toMatchObject({ feeKind: ORDER_MESSAGES.feeKind });
    expect(refusal({ vatIncluded: undefined })).toMatchObject({ vatIncluded: ORDER_MESSAGES.vatIncluded });
    expect(refusal({ leadId: undefined })).toMatchObject({ leadId: ORDER_MESSAGES.source });
  });

  it('refuses an ID whose check digit fails', () => {
    expect(refusal({ clientIdNumber: '123456789' })).toMatchObject({
      clientIdNumber: ORDER_MESSAGES.clientIdInvalid,
    });
  });

  it('refuses a transaction that does not match the side', () => {
    expect(refusal({ side: 'seller', transactionKind: 'purchase' })).toMatchObject({
      transactionKind: ORDER_MESSAGES.transactionOfSide,
    });
  });

  it('refuses zero, negative and over-100% fees on the fee field', () => {
    expect(refusal({ feeValue: 0 })).toMatchObject({ feeValue: ORDER_MESSAGES.fee });
    expect(refusal({ feeValue: -1 })).toMatchObject({ feeValue: ORDER_MESSAGES.feeNegative });
    expect(refusal({ feeValue: 100.01 })).toMatchObject({ feeValue: ORDER_MESSAGES.feePercentMax });
    expect(createOrderSchema.safeParse({ ...valid, feeValue: 100 }).success).toBe(true);
    expect(createOrderSchema.safeParse({ ...valid, feeKind: 'amount', feeValue: 150 }).success).toBe(true);
  });
});

describe('signOrderSchema', () => {
  it('refuses a drawn signature with nothing drawn, a typed one with no name, and no consent', () => {
    expect(signOrderSchema.safeParse({ method: 'drawn', consent: true }).error?.issues[0]?.message).toBe(
      ORDER_MESSAGES.signatureEmpty,
    );
    expect(
      signOrderSchema.safeParse({ method: 'typed', typedName: '', consent: true }).error?.issues[0]?.message,
    ).toBe(ORDER_MESSAGES.typedName);
    expect(
      signOrderSchema.safeParse({ method: 'typed', typedName: 'דנה', consent: false }).error?.issues[0]
        ?.message,
    ).toBe(ORDER_MESSAGES.consent);
    expect(signOrderSchema.safeParse({ method: 'typed', typedName: 'דנה', consent: true }).success).toBe(
      true,
    );
  });
});
