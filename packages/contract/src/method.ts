import type { z } from 'zod';

/** Who may call a method: anyone, any signed-in identity, an owner, or staff. */
export type Access = 'public' | 'user' | 'owner' | 'staff';

export type MethodDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = {
  /** snake_case path under /app/v1, as the specification names it. */
  path: string;
  access: Access;
  summary: string;
  input: I;
  output: O;
  /** Methods that move money, slots, points or stock accept an Idempotency-Key. */
  idempotent?: boolean;
  /** A larger request-body limit than the dispatcher's 4 MiB, for the few methods that carry a file (catalogue images). */
  maxBodyBytes?: number;
};

export function defineMethod<I extends z.ZodType, O extends z.ZodType>(def: MethodDef<I, O>): MethodDef<I, O> {
  return def;
}

export type MethodInput<M> = M extends MethodDef<infer I, z.ZodType> ? z.input<I> : never;
export type MethodOutput<M> = M extends MethodDef<z.ZodType, infer O> ? z.output<O> : never;
