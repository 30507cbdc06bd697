import { createDaoTentativeBooking, type DaoAccommodationSlot } from '@yado/contract/dao.contract';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { StayDatesGuestsFields, useStayDatesGuests } from '../../../components/stay-dates-guests.component';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

type HouseGroupChoice = { houseGroupId: string; name: string };

export type DaoSlotsPageData = { slots: DaoAccommodationSlot[]; houseGroups: HouseGroupChoice[] };

function dateLabel(d: { year: number; month: number; day: number }, language: string): string {
  return new Intl.DateTimeFormat(language === 'ja' ? 'ja-JP' : 'en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(d.year, d.month - 1, d.day));
}

/** Books a DAO_USE stay on one slot: where, the dates and the guests; the slot pays the room. */
function DaoBookingForm({ slot, houseGroups }: { slot: DaoAccommodationSlot; houseGroups: HouseGroupChoice[] }) {
  const { t } = useTranslation('key-token');
  const language = useLanguage();
  const navigate = useNavigate();
  const [houseGroupId, setHouseGroupId] = useState(houseGroups[0]?.houseGroupId ?? '');
  const stay = useStayDatesGuests(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const idBase = `dao-${slot.daoAccommodationSlotId}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const request = {
      daoAccommodationSlotId: slot.daoAccommodationSlotId,
      houseGroupId,
      ...stay.civil(),
      headcount: { males: Number(stay.adults), females: 0, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
      childrenAge: [],
      allergy: '',
      request: '',
      meals: [],
      extraOptions: [],
    };
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    try {
      const created = await callMethod(createDaoTentativeBooking, request, {
        headers: { [IDEMPOTENCY_HEADER]: attempt.current.key },
      });
      void navigate(localizePath(`/mypage/bookings/${created.bookingId}`, language));
    } catch (err) {
      setError(isApiError(err) ? err.displayMessage : t('key-token:book.failed'));
      setBusy(false);
    }
  };

  if (houseGroups.length === 0) return <p className="wallet-small">{t('key-token:dao.noHouses')}</p>;
  return (
    <form className="key-book" onSubmit={(e) => void submit(e)} aria-label={t('key-token:book.heading')}>
      <SelectField
        id={`${idBase}-house`}
        label={t('key-token:dao.house')}
        value={houseGroupId}
        onChange={(e) => setHouseGroupId(e.target.value)}
      >
        {houseGroups.map((h) => (
          <option key={h.houseGroupId} value={h.houseGroupId}>
            {h.name}
          </option>
        ))}
      </SelectField>
      <StayDatesGuestsFields
        stay={stay}
        idBase={idBase}
        className="key-book__fields"
        labels={{
          checkin: t('key-token:book.checkin'),
          checkout: t('key-token:book.checkout'),
          guests: t('key-token:book.guests'),
        }}
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" busy={busy} data-testid="book-with-dao">
        {busy ? t('key-token:book.booking') : t('key-token:book.submit')}
      </Button>
    </form>
  );
}

function SlotCard({ slot, houseGroups }: { slot: DaoAccommodationSlot; houseGroups: HouseGroupChoice[] }) {
  const { t } = useTranslation('key-token');
  const language = useLanguage();
  const headingId = `dao-${slot.daoAccommodationSlotId}-heading`;
  return (
    <article className="card key-card" aria-labelledby={headingId} data-testid="dao-slot">
      <header className="key-card__header">
        <span className={slot.isExpired ? 'key-card__badge key-card__badge--muted' : 'key-card__badge'}>
          {slot.isExpired ? t('key-token:dao.expired') : t('key-token:dao.active')}
        </span>
        <h2 id={headingId} className="key-card__title">
          {t('key-token:dao.slot')}
        </h2>
        <p className="key-card__meta">
          {t('key-token:dao.terms', {
            deadline: dateLabel(slot.checkinDeadline, language),
            days: slot.bookingWindowDays,
          })}
        </p>
      </header>
      <dl className="key-card__nights key-card__grid">
        <div>
          <dt>{t('key-token:dao.standard')}</dt>
          <dd className="key-card__figure">
            {t('key-token:keys.left', { left: slot.remainingDaysStandard, total: slot.daysStandard })}
          </dd>
        </div>
        <div>
          <dt>{t('key-token:dao.high')}</dt>
          <dd className="key-card__figure">
            {t('key-token:keys.left', { left: slot.remainingDaysHigh, total: slot.daysHigh })}
          </dd>
        </div>
      </dl>
      {slot.isExpired ? null : <DaoBookingForm slot={slot} houseGroups={houseGroups} />}
    </article>
  );
}

/** /mypage/dao-slots: the user's DAO accommodation slots with the days left, and booking on them. */
export function DaoSlotsPage({ data }: { data: DaoSlotsPageData }) {
  const { t } = useTranslation('key-token');
  const language = useLanguage();
  return (
    <section className="page key-page" aria-labelledby="dao-heading">
      <nav className="breadcrumbs" aria-label={t('key-token:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('key-token:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('key-token:dao.heading')}</span>
      </nav>
      <header className="page__header">
        <h1 id="dao-heading">{t('key-token:dao.heading')}</h1>
        <p className="lead">{t('key-token:dao.lead')}</p>
      </header>
      {data.slots.length > 0 ? (
        <div className="key-list">
          {data.slots.map((s) => (
            <SlotCard key={s.daoAccommodationSlotId} slot={s} houseGroups={data.houseGroups} />
          ))}
        </div>
      ) : (
        <p className="card key-empty">{t('key-token:dao.none')}</p>
      )}
    </section>
  );
}
