import type { HouseGroup, searchHouseGroups } from '@yado/contract/catalogue.contract';
import { civilFromIso, type IsoDate } from '@yado/contract/civil-date';
import type { MethodInput } from '@yado/contract/method';
import type { Guests } from './catalogue-query';

export type QuoteGroup = Pick<HouseGroup, 'id' | 'area' | 'type' | 'usageLabel'>;
export type SearchAnswer = {
  results: { houseGroup: { id: string }; nights: number; totalPrice: number | null }[];
  nextPageToken: string;
};
export type Quote = { available: true; nights: number; totalPrice: number } | { available: false };

/** Pages of a narrowed search read at most; the area, type and usage label leave few groups to page through. */
const MAX_PAGES = 10;

/**
 * The total of one house group for dates and guests, from the API's own
 * search (the contract has no separate quote method): the search narrowed to
 * the group's area, type and usage label, read until the group appears. The
 * page never prices a stay itself; when the group is not among the results,
 * it has no house free for those nights or does not take those guests.
 */
export async function findQuote(
  search: (input: MethodInput<typeof searchHouseGroups>) => Promise<SearchAnswer | null>,
  group: QuoteGroup,
  stay: { checkin: IsoDate; checkout: IsoDate },
  guests: Guests,
): Promise<Quote | null> {
  let pageToken = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await search({
      area: group.area,
      type: group.type,
      usageLabel: group.usageLabel,
      checkinDate: civilFromIso(stay.checkin),
      checkoutDate: civilFromIso(stay.checkout),
      ...guests,
      sort: 'NAME',
      pageSize: 100,
      pageToken,
    });
    if (!answer) return null;
    const hit = answer.results.find((r) => r.houseGroup.id === group.id);
    if (hit && hit.totalPrice !== null) return { available: true, nights: hit.nights, totalPrice: hit.totalPrice };
    if (!answer.nextPageToken) return { available: false };
    pageToken = answer.nextPageToken;
  }
  return { available: false };
}
