import { PetSchema } from '@yado/contract/booking.contract';
import { AddressSchema } from '@yado/contract/common.schema';
import { createUser } from '@yado/contract/user.contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { maxLengthOf } from './schema-limits';

describe('maxLengthOf', () => {
  it('reads the maximum through trims, defaults, optionals and nullables', () => {
    expect(maxLengthOf(createUser.input.shape.firstName)).toBe(50);
    expect(maxLengthOf(createUser.input.shape.emailAddress)).toBe(254);
    expect(maxLengthOf(AddressSchema.shape.postalCode)).toBe(16);
    expect(maxLengthOf(PetSchema.shape.description)).toBe(1000);
    expect(maxLengthOf(z.string().max(7).nullable().optional())).toBe(7);
  });

  it('refuses a schema without a maximum', () => {
    expect(() => maxLengthOf(z.string())).toThrow('no maximum');
    expect(() => maxLengthOf(z.number())).toThrow('no maximum');
  });
});
