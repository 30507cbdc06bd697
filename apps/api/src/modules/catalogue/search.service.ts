import { CATALOGUE_LIMITS } from '@yado/contract/catalogue.contract';
import type { CivilDate } from '@yado/contract/common.schema';
import type { Language } from '@yado/contract/headers';
import type { Deps } from '../../platform/deps.js';
import { invalid, requireIsoDate, toHouseGroupShort } from './catalogue.service.js';
import { addDays, daysBetween, todayIn } from '@yado/contract/civil-date';
import { decodePageToken, encodePageToken, queryFingerprint } from './page-token.js';
import { chargeableGuests } from './price.rules.js';
import { searchIndexFor } from './search-index.service.js';
import * as repo from './search.repo.js';

export type SearchInput = {
  area?: string | undefined;
  prefecture?: string | undefined;
  checkinDate?: CivilDate | undefined;
  checkoutDate?: CivilDate | undefined;
  adults: number;
  children: number;
  infants: number;
  pets: number;
  type?: string | undefined;
  usageLabel?: string | undefined;
  sort: repo.SearchSortValue;
  pageSize: number;
  pageToken: string;
};

/** The dates of a search as a stay, validated: both or neither, checkout after checkin, at most 30 nights. */
function stayOf(deps: Pick<Deps, 'clock'>, input: SearchInput) {
  if (!input.checkinDate && !input.checkoutDate) return null;
  if (!input.checkinDate) throw invalid('checkinDate', 'required with checkoutDate');
  if (!input.checkoutDate) throw invalid('checkoutDate', 'required with checkinDate');
  const checkin = requireIsoDate('checkinDate', input.checkinDate);
  const checkout = requireIsoDate('checkoutDate', input.checkoutDate);
  const nights = daysBetween(checkin, checkout);
  if (nights < 1) throw invalid('checkoutDate', 'must be after checkinDate');
  if (nights > CATALOGUE_LIMITS.maxStayNights) {
    throw invalid('checkoutDate', `at most ${CATALOGUE_LIMITS.maxStayNights} nights after checkinDate`);
  }
  // Each house group checks "not before its own today" in the query; a date past
  // everywhere on earth (UTC-12) is a mistake worth telling the caller about.
  if (checkin < addDays(todayIn('UTC', deps.clock.now()), -1)) throw invalid('checkinDate', 'in the past');
  return { checkin, checkout, nights };
}

/**
 * Search: house groups with one house free for every night of the stay (a stay
 * never moves between houses), on sale and not closed on any of its nights,
 * that take the guests; each with its accommodation total. A search with dates
 * finds accommodation groups only (TIME groups are booked by the hour). Without
 * dates, every matching group with its standard season price.
 */
export async function searchHouseGroups(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  language: Language,
  input: SearchInput,
) {
  const stay = stayOf(deps, input);
  if (stay && input.adults < 1) throw invalid('adults', 'at least 1 adult for a stay');
  const filters = {
    area: input.area || null,
    prefecture: input.prefecture || null,
    stay,
    adults: input.adults,
    guests: chargeableGuests(input),
    pets: input.pets,
    type: input.type ?? null,
    // A stay of nights is sold only by house groups used for accommodation; those used by the hour
    // (TIME) are booked from their own page, so a search with dates leaves them out unless asked for.
    usageLabel: input.usageLabel ?? (stay ? 'ACCOMMODATION' : null),
    sort: input.sort,
    language,
  };
  const query = queryFingerprint(['search_house_groups', filters]);
  const cursor = decodePageToken(input.pageToken, query);
  const keyType = input.sort === 'NAME' ? 'string' : 'number';
  if (cursor && typeof cursor.k !== keyType) throw invalid('pageToken', 'not a page token of this query');

  const q: repo.SearchQuery = {
    ...filters,
    now: deps.clock.now(),
    after: cursor ? { key: cursor.k as string | number, id: cursor.id } : null,
    limit: input.pageSize + 1,
  };
  // The read model answers as the statement would; the statement stays for whatever it cannot answer.
  const rows = (await searchIndexFor(deps).search(q)) ?? (await repo.searchHouseGroups(deps.db, q));
  const page = rows.slice(0, input.pageSize);
  const last = page.at(-1);
  return {
    results: page.map((r) => ({
      houseGroup: toHouseGroupShort(r),
      nights: stay?.nights ?? 0,
      totalPrice: r.total === null ? null : Number(r.total),
    })),
    nextPageToken:
      rows.length > input.pageSize && last
        ? encodePageToken(query, {
            k: keyType === 'number' ? Number(last.sort_key) : String(last.sort_key),
            id: last.id,
          })
        : '',
  };
}
