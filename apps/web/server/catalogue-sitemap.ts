/** A product method called in-process: status and JSON body. */
export type CallMethod = (method: string, body: unknown) => Promise<{ status: number; body: unknown }>;

/** Pages of a listing read at most, so a runaway token can never loop the sitemap. */
const MAX_PAGES = 200;

async function pagedIds(call: CallMethod, method: string, body: Record<string, unknown>, key: string) {
  const ids: string[] = [];
  let pageToken = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await call(method, { ...body, pageSize: 100, pageToken });
    if (r.status !== 200) break;
    const answer = r.body as Record<string, unknown> & { nextPageToken: string };
    for (const item of answer[key] as { id: string }[]) ids.push(item.id);
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
export async function cataloguePublicPaths(call: CallMethod): Promise<string[]> {
  const places = [
    ...new Set([
      ...(await pagedIds(call, 'list_places', { audience: 'GUEST' }, 'places')),
      ...(await pagedIds(call, 'list_places', { audience: 'OWNER' }, 'places')),
    ]),
  ];
  const groups = await Promise.all(
    places.map((placeId) => pagedIds(call, 'list_house_groups', { placeId }, 'houseGroups')),
  );
  return [
    ...places.map((id) => `/places/${encodeURIComponent(id)}`),
    ...[...new Set(groups.flat())].map((id) => `/house-groups/${encodeURIComponent(id)}`),
  ];
}
