import type { MetaDescriptor } from 'react-router';
import { titleMeta } from '../../lib/page-meta';
import { absoluteUrl, imageSources } from './image-sources';

/** Descriptions longer than this are cut at a word for search results and link previews. */
const DESCRIPTION_LENGTH = 160;

export function shortDescription(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= DESCRIPTION_LENGTH) return plain;
  const cut = plain.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > 100 ? cut.slice(0, space) : cut}…`;
}

/** The page address without query string: the same as its canonical link. */
export function pageUrl(origin: string, pathname: string): string {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return `${origin}${path}`;
}

/** Title, description and OpenGraph tags of a public page; `image` is a stored catalogue URL. */
export function publicPageMeta(opts: {
  title: string;
  description: string;
  url: string;
  origin: string;
  image?: string | null;
  type?: 'website' | 'place' | 'hotel';
  language: 'en' | 'ja';
}): MetaDescriptor[] {
  const description = shortDescription(opts.description);
  const image = opts.image ? absoluteUrl(opts.origin, imageSources(opts.image).large) : null;
  return [
    ...titleMeta(opts.title),
    { name: 'description', content: description },
    { property: 'og:title', content: opts.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: opts.url },
    // OpenGraph has no lodging type; `website` is what previews understand.
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'yado' },
    { property: 'og:locale', content: opts.language === 'ja' ? 'ja_JP' : 'en_US' },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
}

export type LodgingFacts = {
  name: string;
  description: string;
  url: string;
  images: string[];
  address: { postalCode: string; state: string; city: string; street1: string; street2: string; countryCode: string };
  latitude: number | null;
  longitude: number | null;
  priceRange: string;
  telephone?: string | null;
  maxCapacity: number;
  petsAllowed: boolean;
};

/** schema.org LodgingBusiness of a house group page. */
export function lodgingJsonLd(origin: string, f: LodgingFacts): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'LodgingBusiness',
    '@id': f.url,
    name: f.name,
    description: f.description,
    url: f.url,
    image: f.images.map((i) => absoluteUrl(origin, imageSources(i).large)),
    address: {
      '@type': 'PostalAddress',
      streetAddress: [f.address.street1, f.address.street2].filter(Boolean).join(' '),
      addressLocality: f.address.city,
      addressRegion: f.address.state,
      postalCode: f.address.postalCode,
      addressCountry: f.address.countryCode || 'JP',
    },
    ...(f.latitude !== null && f.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: f.latitude, longitude: f.longitude } }
      : {}),
    priceRange: f.priceRange,
    ...(f.telephone ? { telephone: f.telephone } : {}),
    petsAllowed: f.petsAllowed,
    maximumAttendeeCapacity: f.maxCapacity,
  };
}

/** schema.org Place of a place page, and its house groups as an ItemList of lodgings (two documents). */
export function placeJsonLd(
  origin: string,
  p: {
    name: string;
    description: string;
    url: string;
    image: string;
    region: string;
    locality: string;
    telephone: string | null;
  },
  groups: { name: string; url: string; image: string }[],
): Record<string, unknown>[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Place',
      '@id': p.url,
      name: p.name,
      description: p.description,
      url: p.url,
      image: absoluteUrl(origin, imageSources(p.image).large),
      address: { '@type': 'PostalAddress', addressRegion: p.region, addressLocality: p.locality, addressCountry: 'JP' },
      ...(p.telephone ? { telephone: p.telephone } : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: p.name,
      numberOfItems: groups.length,
      itemListElement: groups.map((g, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: g.url,
        name: g.name,
        image: absoluteUrl(origin, imageSources(g.image).large),
      })),
    },
  ];
}

/** A phone number for people (national form in Japanese) and for `tel:` links. */
export function phoneNumber(phone: { countryCode: number; nationalNumber: string }, language: 'en' | 'ja') {
  const international = `+${phone.countryCode}${phone.nationalNumber}`;
  const display =
    language === 'ja' && phone.countryCode === 81
      ? `0${phone.nationalNumber}`
      : `+${phone.countryCode} ${phone.nationalNumber}`;
  return { display, href: `tel:${international}` };
}
