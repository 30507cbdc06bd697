import { z } from 'zod';
import { EmptySchema } from './common.schema.js';
import { defineMethod } from './method.js';

export const getPushPublicKey = defineMethod({
  path: 'get_push_public_key',
  access: 'public',
  summary:
    'The VAPID public key (base64url, uncompressed P-256 point) that browsers pass to pushManager.subscribe as applicationServerKey.',
  input: EmptySchema,
  output: z.object({ publicKey: z.string() }),
});

export const PUSH_METHODS = [getPushPublicKey] as const;
