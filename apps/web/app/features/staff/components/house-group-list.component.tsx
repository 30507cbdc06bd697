import type { StaffHouseGroup } from '@yado/contract/staff-catalogue.contract';
import { useTranslation } from '../../../lib/i18n';
import { Form, Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatYen } from '../yen';
import type { Option } from './house-group-form.component';
import { ListPager } from './list-pager.component';
import { StaffPage } from './staff-page.component';

/** House groups, by place and name search, with the way into each one's form and calendar. */
export function HouseGroupList({
  houseGroups,
  nextPageToken,
  query,
  placeId,
  places,
}: {
  houseGroups: StaffHouseGroup[];
  nextPageToken: string;
  query: string;
  placeId: string;
  places: Option[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const placeName = new Map(places.map((p) => [p.id, p.name]));
  return (
    <StaffPage
      title={t('staff:houseGroups.heading')}
      actions={
        <Link className={buttonClassName()} to={localizePath('/staff/house-groups/new', language)}>
          {t('staff:houseGroups.new')}
        </Link>
      }
    >
      <Form method="get" className="staff-search" role="search">
        <TextField id="hg-query" name="q" type="search" label={t('staff:houseGroups.search')} defaultValue={query} />
        <SelectField id="hg-place-filter" name="place" label={t('staff:fields.place')} defaultValue={placeId}>
          <option value="">{t('staff:houseGroups.allPlaces')}</option>
          {places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('staff:search')}
        </button>
      </Form>
      {houseGroups.length === 0 ? (
        <p className="staff-empty">{t('staff:houseGroups.empty')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t('staff:houseGroups.name')}</th>
                <th scope="col">{t('staff:fields.place')}</th>
                <th scope="col">{t('staff:fields.type')}</th>
                <th scope="col" className="staff-table__number">
                  {t('staff:fields.standardSeasonPrice')}
                </th>
                <th scope="col" className="staff-table__number">
                  {t('staff:houses.heading')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('staff:houseGroups.calendar')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {houseGroups.map((h) => (
                <tr key={h.id} data-testid="house-group-row">
                  <th scope="row">
                    <Link to={localizePath(`/staff/house-groups/${encodeURIComponent(h.id)}`, language)}>
                      {language === 'ja' ? h.nameJa : h.nameEn}
                    </Link>
                    <span className="staff-table__id">{h.id}</span>
                  </th>
                  <td>{placeName.get(h.placeId) ?? h.placeId}</td>
                  <td>{h.type}</td>
                  <td className="staff-table__number">{formatYen(h.standardSeasonPrice, language)}</td>
                  <td className="staff-table__number">{h.houses.filter((x) => !x.retired).length}</td>
                  <td>
                    <Link to={localizePath(`/staff/house-groups/${encodeURIComponent(h.id)}/calendar`, language)}>
                      {t('staff:houseGroups.calendar')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager nextPageToken={nextPageToken} />
    </StaffPage>
  );
}
