import {
  getHouseGroup,
  getPlace,
  listHouseGroups,
  searchHouseGroups,
  type HouseGroup,
  type HouseGroupShort,
  type Place,
} from '@yado/contract/catalogue.contract';
import { checkCoupon, CouponType, getCoupon, type Coupon } from '@yado/contract/coupon.contract';
import type { Language } from '@yado/contract/headers';
import { data, redirect } from 'react-router';
import type { ApiAnswer, CallApi } from '../../lib/load-context';
import { loginRedirectFor } from '../../lib/require-session';
import { isEligible, japanToday, sampleStayFor, type SampleStay } from './coupon-display';

/** Which coupon page: the coupon everywhere it applies, or focused on one place or house group. */
export type CouponFocus =
  { kind: 'all' } | { kind: 'place'; placeId: string } | { kind: 'houseGroup'; houseGroupId: string };

/** What the API says one house group costs with the coupon, for the sample stay. */
export type CouponOfferPrice =
  | { kind: 'price'; accommodationAmount: number; discountAmount: number; finalAmount: number }
  | { kind: 'refused'; reason: string; message: string };

export type CouponOffer = {
  houseGroupId: string;
  name: string;
  placeId: string;
  placeName: string;
  imageUrl: string;
  standardPrice: number;
  price: CouponOfferPrice | null;
};

export type CouponMessageStatus = 'UNKNOWN' | 'EXPIRED' | 'NOT_YET_VALID' | 'EXHAUSTED';

export type CouponPageData =
  | { kind: 'message'; status: CouponMessageStatus; coupon: Coupon | null; message: string }
  | {
      kind: 'coupon';
      coupon: Coupon;
      place: Place | null;
      houseGroup: HouseGroup | null;
      offers: CouponOffer[];
      sampleStay: SampleStay | null;
      /** More eligible house groups exist than the page lists. */
      truncated: boolean;
    };

/** The page prices at most this many house groups: each is one check_coupon call. */
export const MAX_OFFERS = 24;

type Failed = Extract<ApiAnswer<unknown>, { ok: false }>;

function refusalOf(result: Failed): { reason: string; message: string } {
  const body = result.body;
  return {
    reason: body?.errorInfo?.reason ?? '',
    message: body?.localizedMessage || body?.message || '',
  };
}

/** A 401 means the cookie's token stopped working: sign in again and come back to this page. */
function failWith(request: Request, result: Failed): never {
  if (result.status === 401) throw redirect(loginRedirectFor(request));
  if (result.status === 404) throw data(null, { status: 404 });
  throw data(result.body, { status: result.status });
}

function offerFromShort(h: HouseGroupShort): CouponOffer {
  return {
    houseGroupId: h.id,
    name: h.name,
    placeId: h.placeId,
    placeName: h.placeName,
    imageUrl: h.images.horizontalImageUrl || h.images.squareImageUrl || h.images.verticalImageUrl,
    standardPrice: h.standardSeasonPrice,
    price: null,
  };
}

function offerFromFull(h: HouseGroup): CouponOffer {
  return {
    houseGroupId: h.id,
    name: h.name,
    placeId: h.placeId,
    placeName: h.placeName,
    imageUrl: h.horizontalImageUrl || h.squareImageUrl || h.verticalImageUrl,
    standardPrice: h.standardSeasonPrice,
    price: null,
  };
}

/**
 * Everything a coupon page shows, read on the server with the visitor's token.
 * The discounted prices come from check_coupon, one call per house group, so
 * the page never computes money differently from the booking that will use it.
 */
export async function loadCouponPage(input: {
  request: Request;
  callApi: CallApi;
  language: Language;
  couponType: string;
  couponCode: string;
  focus: CouponFocus;
  now: Date;
}): Promise<CouponPageData> {
  const { request, callApi, language, focus } = input;
  const couponType = input.couponType.toUpperCase();
  const code = input.couponCode.trim().toUpperCase();

  // An address with a type or code that cannot exist reads as an unknown coupon, not a broken page.
  const type = CouponType.strict.safeParse(couponType);
  const known = type.success && /^[A-Z0-9][A-Z0-9_-]{2,31}$/.test(code);
  const couponResult: ApiAnswer<Coupon> =
    known && type.success
      ? await callApi(getCoupon, { couponType: type.data, code }, language)
      : { ok: false, status: 404, body: null };
  if (!couponResult.ok && (couponResult.status === 404 || couponResult.status === 400)) {
    const unknown = known ? refusalOf(couponResult).message : '';
    return { kind: 'message', status: 'UNKNOWN', coupon: null, message: unknown };
  }
  if (!couponResult.ok) failWith(request, couponResult);
  const coupon = couponResult.body;
  if (coupon.status !== 'ACTIVE') {
    return { kind: 'message', status: coupon.status as CouponMessageStatus, coupon, message: '' };
  }

  let place: Place | null = null;
  let houseGroup: HouseGroup | null = null;
  let offers: CouponOffer[] = [];
  let truncated = false;

  if (focus.kind === 'houseGroup') {
    const result = await callApi(getHouseGroup, { houseGroupId: focus.houseGroupId }, language);
    if (!result.ok) failWith(request, result);
    houseGroup = result.body.houseGroup;
    offers = [offerFromFull(houseGroup)];
  } else if (focus.kind === 'place') {
    const placeResult = await callApi(getPlace, { placeId: focus.placeId }, language);
    if (!placeResult.ok) failWith(request, placeResult);
    place = placeResult.body.place;
    const list = await callApi(listHouseGroups, { placeId: focus.placeId, pageSize: 100 }, language);
    if (!list.ok) failWith(request, list);
    const eligible = list.body.houseGroups.filter((h) => isEligible(coupon, h.id));
    truncated = eligible.length > MAX_OFFERS;
    offers = eligible.slice(0, MAX_OFFERS).map(offerFromShort);
  } else if (coupon.allHouseGroups) {
    const search = await callApi(searchHouseGroups, { sort: 'NAME', pageSize: MAX_OFFERS }, language);
    if (!search.ok) failWith(request, search);
    offers = search.body.results.map((r) => offerFromShort(r.houseGroup));
    truncated = search.body.nextPageToken !== '';
  } else {
    const listed = coupon.houseGroups.slice(0, MAX_OFFERS);
    truncated = coupon.houseGroups.length > MAX_OFFERS;
    const results = await Promise.all(listed.map((h) => callApi(getHouseGroup, { houseGroupId: h.id }, language)));
    // A house group removed since the coupon was made is simply not offered.
    offers = results.flatMap((r) => (r.ok ? [offerFromFull(r.body.houseGroup)] : []));
  }

  const sampleStay = sampleStayFor(coupon, japanToday(input.now));
  if (sampleStay) {
    offers = await Promise.all(
      offers.map(async (offer): Promise<CouponOffer> => {
        const result = await callApi(
          checkCoupon,
          {
            couponType: coupon.couponType,
            code,
            houseGroupId: offer.houseGroupId,
            checkinDate: sampleStay.checkinDate,
            checkoutDate: sampleStay.checkoutDate,
            accommodationAmount: offer.standardPrice,
          },
          language,
        );
        if (!result.ok && result.status === 401) failWith(request, result);
        if (!result.ok) return { ...offer, price: { kind: 'refused', ...refusalOf(result) } };
        const body = result.body;
        return {
          ...offer,
          price: {
            kind: 'price',
            accommodationAmount: body.accommodationAmount,
            discountAmount: body.discountAmount,
            finalAmount: body.finalAmount,
          },
        };
      }),
    );
  }
  return { kind: 'coupon', coupon, place, houseGroup, offers, sampleStay, truncated };
}
