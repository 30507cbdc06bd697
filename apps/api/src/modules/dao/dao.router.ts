import {
  createDaoTentativeBooking,
  listDaoAccommodationSlots,
  staffGrantDaoAccommodationSlot,
} from '@yado/contract/dao.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as dao from './dao.service.js';

export const daoImplementations = [
  implement(listDaoAccommodationSlots, (ctx) => dao.listSlots(ctx.deps, requirePrincipal(ctx).accountId, ctx.language)),
  implement(createDaoTentativeBooking, (ctx, input) =>
    dao.createDaoTentativeBooking(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input),
  ),
  implement(staffGrantDaoAccommodationSlot, (ctx, input) =>
    dao.grantSlot(ctx.deps, requirePrincipal(ctx).accountId, input),
  ),
];
