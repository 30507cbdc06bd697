import type { MethodDef } from './method.js';
import { USER_METHODS } from './user.contract.js';

/** Every method of the product API. The dispatcher, the OpenAPI document and the access test read this list. */
export const ALL_METHODS: readonly MethodDef[] = [...USER_METHODS];
