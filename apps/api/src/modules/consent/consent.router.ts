import {
  answerSupplementalConsent,
  listSupplementalConsents,
  staffCreateSupplementalConsent,
  staffListSupplementalConsents,
} from '@yado/contract/supplemental-consent.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement, type Implementation } from '../../platform/http/rpc-app.js';
import * as consent from './consent.service.js';

export const consentImplementations: Implementation[] = [
  implement(staffCreateSupplementalConsent, (ctx, input) =>
    consent.createConsent(
      ctx.deps,
      `account:${requirePrincipal(ctx).accountId}`,
      ctx.publicOrigin(),
      input,
      ctx.language,
    ),
  ),
  implement(staffListSupplementalConsents, (ctx, input) => consent.listConsents(ctx.deps, input, ctx.language)),
  implement(listSupplementalConsents, (ctx) =>
    consent.listForOwner(ctx.deps, requirePrincipal(ctx).accountId, ctx.language),
  ),
  implement(answerSupplementalConsent, (ctx, input) =>
    consent.answerConsent(ctx.deps, requirePrincipal(ctx).accountId, input, ctx.language),
  ),
];
