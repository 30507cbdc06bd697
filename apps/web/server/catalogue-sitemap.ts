import { listHouseGroups, listPlaces } from '@yado/contract/catalogue.contract';
import type { CallApi } from '../app/lib/load-context.js';

/** Pages of a listing read at most, so a runaway token can never loop the sitemap. */
const MAX_PAGES = 200;

/** Every id of a paged listing: `read` asks for one page by its token and gives back its ids and the next token. */
async function pagedIds(read: (pageToken: string) => Promise<{ ids: string[]; nextPageToken: string } | null>) {
  const ids: string[] = [];
  let pageToken = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await read(pageToken);
    if (!answer) break;
    ids.push(...answer.ids);
    if (!answer.nextPageToken) break;
    pageToken = answer.nextPageToken;
  }
  return ids;
}

/**
 * The place and house-group pages for sitemap.xml, as unprefixed paths (the
 * sitemap adds each language): every place listed to guests or owners, and
 * every house group of those places.
 */
export async function cataloguePublicPaths(callApi: CallApi): Promise<string[]> {
  const placesFor = (audience: 'GUEST' | 'OWNER') =>
    pagedIds(async (pageToken) => {
      const r = await callApi(listPlaces, { audience, pageSize: 100, pageToken });
      return r.ok ? { ids: r.body.places.map((p) => p.id), nextPageToken: r.body.nextPageToken } : null;
    });
  const places = [...new Set([...(await placesFor('GUEST')), ...(await placesFor('OWNER'))])];
  const groups = await Promise.all(
    places.map((placeId) =>
      pagedIds(async (pageToken) => {
        const r = await callApi(listHouseGroups, { placeId, pageSize: 100, pageToken });
        return r.ok ? { ids: r.body.houseGroups.map((g) => g.id), nextPageToken: r.body.nextPageToken } : null;
      }),
    ),
  );
  return [
    ...places.map((id) => `/places/${encodeURIComponent(id)}`),
    ...[...new Set(groups.flat())].map((id) => `/house-groups/${encodeURIComponent(id)}`),
  ];
}
