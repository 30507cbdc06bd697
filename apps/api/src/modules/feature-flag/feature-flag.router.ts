import { getSearchPermission } from '@yado/contract/user.contract';
import { implement } from '../../platform/http/rpc-app.js';
import * as flags from './feature-flag.service.js';

export const featureFlagImplementations = [
  implement(getSearchPermission, (ctx) => flags.getSearchPermission(ctx.deps)),
];
