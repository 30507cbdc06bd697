import type { StaffPlace } from '@yado/contract/staff-catalogue.contract';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { StaffTablePage } from './staff-table-page.component';

/** Every place, searchable by name or prefecture. */
export function PlaceList({
  places,
  nextPageToken,
  query,
}: {
  places: StaffPlace[];
  nextPageToken: string;
  query: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <StaffTablePage
      title={t('staff:places.heading')}
      newLink={{ to: '/staff/places/new', label: t('staff:places.new') }}
      search={{ id: 'place-query', label: t('staff:places.search'), query }}
      rows={places}
      empty={t('staff:places.empty')}
      rowHeader={{
        header: t('staff:places.name'),
        to: (p) => `/staff/places/${encodeURIComponent(p.id)}`,
        label: (p) => (language === 'ja' ? p.nameJa : p.nameEn),
        note: (p) => p.id,
      }}
      columns={[
        {
          header: t('staff:places.location'),
          cell: (p) => (language === 'ja' ? `${p.prefectureJa} ${p.cityJa}` : `${p.cityEn}, ${p.prefectureEn}`),
        },
        { header: t('staff:places.audiences'), cell: (p) => p.audiences.join(', ') },
        { header: t('staff:places.houseGroupCount'), numeric: true, cell: (p) => p.houseGroupCount },
      ]}
      nextPageToken={nextPageToken}
    />
  );
}
