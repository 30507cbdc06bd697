import { getPushPublicKey } from '@yado/contract/push.contract';
import { implement } from '../../platform/http/rpc-app.js';
import * as push from './push.service.js';

export const pushImplementations = [implement(getPushPublicKey, (ctx) => push.getPushPublicKey(ctx.deps))];
