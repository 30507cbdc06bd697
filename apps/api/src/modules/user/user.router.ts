import {
  createUser,
  getUser,
  isUserDeleteRequested,
  requestDeleteUser,
  staffGetUser,
  staffSearchUsers,
  updateProfilePhoto,
  updateUser,
} from '@yado/contract/user.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as photos from './profile-photo.service.js';
import * as staffUsers from './staff-user.service.js';
import * as deletion from './user-deletion.service.js';
import * as users from './user.service.js';

export const userImplementations = [
  implement(getUser, (ctx) => users.getUser(ctx.deps, requirePrincipal(ctx).accountId, ctx.language)),
  implement(createUser, (ctx, input) =>
    users.createUser(ctx.deps, requirePrincipal(ctx).accountId, input, ctx.language),
  ),
  implement(updateUser, (ctx, input) =>
    users.updateUser(ctx.deps, requirePrincipal(ctx).accountId, input, ctx.language),
  ),
  implement(updateProfilePhoto, (ctx, input) =>
    photos.updateProfilePhoto(ctx.deps, requirePrincipal(ctx).accountId, input.photo),
  ),
  implement(requestDeleteUser, (ctx, input) =>
    deletion.requestDeleteUser(ctx.deps, requirePrincipal(ctx).accountId, input.reason),
  ),
  implement(isUserDeleteRequested, (ctx) => deletion.isUserDeleteRequested(ctx.deps, requirePrincipal(ctx).accountId)),
  implement(staffSearchUsers, (ctx, input) => staffUsers.staffSearchUsers(ctx.deps, input)),
  implement(staffGetUser, (ctx, input) => staffUsers.staffGetUser(ctx.deps, input.accountId)),
];
