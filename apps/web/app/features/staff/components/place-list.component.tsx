import type { StaffPlace } from '@yado/contract/staff-catalogue.contract';
import { useTranslation } from '../../../lib/i18n';
import { Form, Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { TextField } from '../../../components/ui/text-field.component';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { ListPager } from './list-pager.component';
import { StaffPage } from './staff-page.component';

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
  const name = (p: StaffPlace) => (language === 'ja' ? p.nameJa : p.nameEn);
  return (
    <StaffPage
      title={t('staff:places.heading')}
      crumbs={[]}
      actions={
        <Link className={buttonClassName()} to={localizePath('/staff/places/new', language)}>
          {t('staff:places.new')}
        </Link>
      }
    >
      <Form method="get" className="staff-search" role="search">
        <TextField id="place-query" name="q" label={t('staff:places.search')} defaultValue={query} type="search" />
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('staff:search')}
        </button>
      </Form>
      {places.length === 0 ? (
        <p className="staff-empty">{t('staff:places.empty')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t('staff:places.name')}</th>
                <th scope="col">{t('staff:places.location')}</th>
                <th scope="col">{t('staff:places.audiences')}</th>
                <th scope="col" className="staff-table__number">
                  {t('staff:places.houseGroupCount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {places.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <Link to={localizePath(`/staff/places/${encodeURIComponent(p.id)}`, language)}>{name(p)}</Link>
                    <span className="staff-table__id">{p.id}</span>
                  </th>
                  <td>{language === 'ja' ? `${p.prefectureJa} ${p.cityJa}` : `${p.cityEn}, ${p.prefectureEn}`}</td>
                  <td>{p.audiences.join(', ')}</td>
                  <td className="staff-table__number">{p.houseGroupCount}</td>
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
