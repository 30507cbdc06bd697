import { getPlace, listHouseGroups } from '@yado/contract/catalogue.contract';
import { useTranslation } from '../lib/i18n';
import { type LinksFunction } from 'react-router';
import { okBody } from '../features/catalogue/api-result';
import { pageUrl, phoneNumber, placeJsonLd, publicPageMeta } from '../features/catalogue/catalogue-seo';
import { HouseGroupCard } from '../features/catalogue/components/house-group-card.component';
import { ResponsivePicture } from '../features/catalogue/components/responsive-picture.component';
import { languageFromPath, localizePath } from '../lib/language';
import { useLanguage } from '../lib/use-language.hook';
import catalogueStylesHref from '../styles/catalogue.css?url';
import type { Route } from './+types/place.route';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStylesHref }];

/** A place and its house groups, rendered on the server for visitors and search engines alike. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const placeId = params.placeId;
  const [placeResult, groupsResult] = await Promise.all([
    context.callApi(getPlace, { placeId }, language),
    context.callApi(listHouseGroups, { placeId, pageSize: 100 }, language),
  ]);
  const { place } = okBody(placeResult);
  const { houseGroups } = okBody(groupsResult);
  return { place, houseGroups, origin: context.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data, location }) => {
  if (!data) return [];
  const language = languageFromPath(location.pathname);
  const url = pageUrl(data.origin, location.pathname);
  const { place } = data;
  return [
    ...publicPageMeta({
      title: `${place.name} (${place.prefectureName})`,
      description: place.description,
      url,
      origin: data.origin,
      image: place.horizontalImageUrl,
      language,
    }),
    ...placeJsonLd(
      data.origin,
      {
        name: place.name,
        description: place.description,
        url,
        image: place.horizontalImageUrl,
        region: place.prefectureName,
        locality: place.cityName,
        telephone: place.phoneNumber ? phoneNumber(place.phoneNumber, 'en').href.slice(4) : null,
      },
      data.houseGroups.map((g) => ({
        name: g.name,
        url: `${data.origin}${localizePath(`/house-groups/${g.id}`, language)}`,
        image: g.images.horizontalImageUrl,
      })),
    ).map((doc) => ({ 'script:ld+json': doc })),
  ];
};

export default function PlaceRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { place, houseGroups } = loaderData;
  const phone = place.phoneNumber ? phoneNumber(place.phoneNumber, language) : null;
  return (
    <div className="catalogue-page">
      <header className="place-hero">
        <ResponsivePicture
          className="place-hero__image"
          url={place.horizontalImageUrl}
          alt=""
          width={1600}
          height={1067}
          sizes="(min-width: 1280px) 1200px, 100vw"
          eager
        />
        <div className="place-hero__text">
          <p className="eyebrow">
            {place.prefectureName} · {place.cityName}
          </p>
          <h1 id="place-heading">{place.name}</h1>
          <p className="lead">{place.description}</p>
          {phone ? (
            <p className="place-hero__phone">
              {t('catalogue:place.phone')}: <a href={phone.href}>{phone.display}</a>
            </p>
          ) : null}
        </div>
      </header>
      <section className="catalogue-section" aria-labelledby="place-groups-heading">
        <h2 id="place-groups-heading">{t('catalogue:place.houseGroups', { place: place.name })}</h2>
        {houseGroups.length === 0 ? (
          <p className="muted">{t('catalogue:place.noHouseGroups')}</p>
        ) : (
          <ul className="hg-grid">
            {houseGroups.map((g) => (
              <li key={g.id}>
                <HouseGroupCard group={g} language={language} href={localizePath(`/house-groups/${g.id}`, language)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
