import { dateTimeFromDate } from '@yado/contract/date-time';
import type { MethodInput } from '@yado/contract/method';
import { staffCreateSupplementalConsent } from '@yado/contract/supplemental-consent.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { ownerOf } from '../ownership/high-season.test-factory.js';
import { placeWithHouseGroup } from '../staff-catalogue/staff-catalogue.test-factory.js';

/** A house group whose owners hold these fractions (one owner per entry), granted by staff. */
export async function houseGroupWithOwners(t: TestApi, staffToken: string, fractions: [number, number][]) {
  const g = await placeWithHouseGroup(t);
  const owners = [];
  for (const [numerator, denominator] of fractions) {
    owners.push(await ownerOf(t, staffToken, g.houseGroupId, numerator, denominator));
  }
  return { ...g, owners };
}

/** The input of a question with three choices whose deadline is `deadlineInMs` after the test clock's now. */
export function consentInput(
  t: TestApi,
  o: { houseGroupId: string; deadlineInMs?: number; quorumPercent?: number; contentMarkdown?: string },
): MethodInput<typeof staffCreateSupplementalConsent> {
  return {
    houseGroupId: o.houseGroupId,
    title: 'Replace the sauna stove',
    contentMarkdown:
      o.contentMarkdown ?? '## Proposal\n\nThe stove is **twelve years old**. Quote: [PDF](https://example.com/quote).',
    choices: [{ label: 'Agree' }, { label: 'Disagree' }, { label: 'Abstain' }],
    answerDeadline: dateTimeFromDate(new Date(t.clock.now().getTime() + (o.deadlineInMs ?? 7 * 86_400_000))),
    ...(o.quorumPercent ? { quorumPercent: o.quorumPercent } : {}),
  };
}

/** Creates a question through the API; throws when refused. */
export async function createdConsent(
  t: TestApi,
  staffToken: string,
  input: MethodInput<typeof staffCreateSupplementalConsent>,
) {
  const res = await t.call(staffCreateSupplementalConsent, input, { token: staffToken });
  if (res.status !== 200) throw new Error(`question refused: ${JSON.stringify(res.body)}`);
  return res.body.consent;
}
