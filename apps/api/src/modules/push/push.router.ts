import { getPushPublicKey } from '@yado/contract/push.contract';
import { implement } from '../../platform/http/rpc-app.js';
import * as push from './push.service.js';

export const pushRoutes = [implement(getPushPublicKey, (ctx) => push.getPushPublicKey(ctx.deps))];
