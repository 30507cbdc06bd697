import { searchHouseGroups } from '@yado/contract/catalogue.contract';
import { useTranslation } from '../../../lib/i18n';
import { Form, Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import type { SearchQuery } from '../catalogue-query';
import { maxLengthOf } from '../../../lib/schema-limits';

type Props = {
  query: SearchQuery;
  prefectures: string[];
  /** The page without any filter. */
  resetHref: string;
  today: string;
  error: string | null;
};

const counts = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The filters of /search: a plain GET form, so the results are a server-rendered, shareable address. */
export function SearchForm({ query, prefectures, resetHref, today, error }: Props) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="search-form" aria-labelledby="search-form-heading">
      <h2 id="search-form-heading" className="visually-hidden">
        {t('catalogue:search.filters')}
      </h2>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="search-form__grid">
        <SelectField
          id="search-prefecture"
          name="prefecture"
          label={t('catalogue:search.prefecture')}
          defaultValue={query.prefecture}
        >
          <option value="">{t('catalogue:search.anyPrefecture')}</option>
          {prefectures.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </SelectField>
        <TextField
          id="search-area"
          name="area"
          label={t('catalogue:search.area')}
          defaultValue={query.area}
          autoComplete="off"
          maxLength={maxLengthOf(searchHouseGroups.input.shape.area)}
        />
        <TextField
          id="search-checkin"
          name="checkin"
          type="date"
          min={today}
          label={t('catalogue:search.checkin')}
          defaultValue={query.checkin ?? ''}
        />
        <TextField
          id="search-checkout"
          name="checkout"
          type="date"
          min={today}
          label={t('catalogue:search.checkout')}
          defaultValue={query.checkout ?? ''}
        />
        <SelectField id="search-adults" name="adults" label={t('catalogue:guests.adults')} defaultValue={query.adults}>
          {counts(1, 16).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="search-children"
          name="children"
          label={t('catalogue:guests.children')}
          defaultValue={query.children}
        >
          {counts(0, 10).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="search-infants"
          name="infants"
          label={t('catalogue:guests.infants')}
          labelNote={t('catalogue:guests.infantsNote')}
          defaultValue={query.infants}
        >
          {counts(0, 6).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField id="search-pets" name="pets" label={t('catalogue:guests.pets')} defaultValue={query.pets}>
          {counts(0, 4).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField id="search-type" name="type" label={t('catalogue:search.type')} defaultValue={query.type ?? ''}>
          <option value="">{t('catalogue:search.anyType')}</option>
          <option value="YADO">{t('catalogue:type.YADO')}</option>
          <option value="EXCLUSIVE">{t('catalogue:type.EXCLUSIVE')}</option>
          <option value="TEMAIRAZU_PARTNER">{t('catalogue:type.TEMAIRAZU_PARTNER')}</option>
          <option value="EARTHBOAT">{t('catalogue:type.EARTHBOAT')}</option>
          <option value="MOBILITY">{t('catalogue:type.MOBILITY')}</option>
        </SelectField>
        <SelectField
          id="search-usage"
          name="usage"
          label={t('catalogue:search.usage')}
          defaultValue={query.usage ?? ''}
        >
          <option value="">{t('catalogue:search.anyUsage')}</option>
          <option value="ACCOMMODATION">{t('catalogue:usage.ACCOMMODATION')}</option>
          <option value="TIME">{t('catalogue:usage.TIME')}</option>
        </SelectField>
        <SelectField id="search-sort" name="sort" label={t('catalogue:search.sort')} defaultValue={query.sort}>
          <option value="PRICE_ASC">{t('catalogue:sort.PRICE_ASC')}</option>
          <option value="PRICE_DESC">{t('catalogue:sort.PRICE_DESC')}</option>
          <option value="NAME">{t('catalogue:sort.NAME')}</option>
        </SelectField>
      </div>
      <p className="search-form__hint">{t('catalogue:search.datesHint')}</p>
      <div className="search-form__actions">
        <button type="submit" className={buttonClassName({ size: 'large' })}>
          {t('catalogue:search.submit')}
        </button>
        <Link to={resetHref} className={buttonClassName({ variant: 'text' })}>
          {t('catalogue:search.reset')}
        </Link>
      </div>
    </Form>
  );
}
