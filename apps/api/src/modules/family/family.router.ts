import {
  acceptFamilyInvitation,
  getFamilyInvitation,
  inviteFamilyMember,
  listFamilyMembers,
  listFamilySharing,
  removeFamilyMember,
} from '@yado/contract/family.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as family from './family.service.js';

export const familyImplementations = [
  implement(inviteFamilyMember, (ctx, input) =>
    family.inviteFamilyMember(ctx.deps, requirePrincipal(ctx), ctx.language, ctx.publicOrigin(), input),
  ),
  implement(listFamilyMembers, (ctx) =>
    family.listFamilyMembers(ctx.deps, requirePrincipal(ctx).accountId, ctx.language),
  ),
  implement(removeFamilyMember, (ctx, input) =>
    family.removeFamilyMember(ctx.deps, requirePrincipal(ctx).accountId, input.familyMemberId),
  ),
  implement(getFamilyInvitation, (ctx, input) =>
    family.getFamilyInvitation(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input.token),
  ),
  implement(acceptFamilyInvitation, (ctx, input) =>
    family.acceptFamilyInvitation(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input.token),
  ),
  implement(listFamilySharing, (ctx) =>
    family.listFamilySharing(ctx.deps, requirePrincipal(ctx).accountId, ctx.language),
  ),
];
