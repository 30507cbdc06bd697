import type { StaffHouseGroup } from '@yado/contract/staff-catalogue.contract';
import { Link } from 'react-router';
import { SelectField } from '../../../components/ui/select-field.component';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatYen } from '../../../lib/format-yen';
import type { Option } from './house-group-form-sections.component';
import { StaffTablePage } from './staff-table-page.component';

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
    <StaffTablePage
      title={t('staff:houseGroups.heading')}
      newLink={{ to: '/staff/house-groups/new', label: t('staff:houseGroups.new') }}
      search={{ id: 'hg-query', label: t('staff:houseGroups.search'), query }}
      filters={
        <SelectField id="hg-place-filter" name="place" label={t('staff:fields.place')} defaultValue={placeId}>
          <option value="">{t('staff:houseGroups.allPlaces')}</option>
          {places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
      }
      rows={houseGroups}
      rowTestId="house-group-row"
      empty={t('staff:houseGroups.empty')}
      rowHeader={{
        header: t('staff:houseGroups.name'),
        to: (h) => `/staff/house-groups/${encodeURIComponent(h.id)}`,
        label: (h) => (language === 'ja' ? h.nameJa : h.nameEn),
        note: (h) => h.id,
      }}
      columns={[
        { header: t('staff:fields.place'), cell: (h) => placeName.get(h.placeId) ?? h.placeId },
        { header: t('staff:fields.type'), cell: (h) => h.type },
        {
          header: t('staff:fields.standardSeasonPrice'),
          numeric: true,
          cell: (h) => formatYen(h.standardSeasonPrice, language),
        },
        { header: t('staff:houses.heading'), numeric: true, cell: (h) => h.houses.filter((x) => !x.retired).length },
        {
          header: <span className="visually-hidden">{t('staff:houseGroups.calendar')}</span>,
          cell: (h) => (
            <Link to={localizePath(`/staff/house-groups/${encodeURIComponent(h.id)}/calendar`, language)}>
              {t('staff:houseGroups.calendar')}
            </Link>
          ),
        },
      ]}
      nextPageToken={nextPageToken}
    />
  );
}
