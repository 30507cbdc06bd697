import {
  staffCheckinBooking,
  staffCheckoutBooking,
  staffCreateCustomMealOrder,
  type StaffBookingListItem,
} from '@yado/contract/booking.contract';
import type { CivilDate } from '@yado/contract/common.schema';
import { useState, type FormEvent } from 'react';
import { Form, useRevalidator } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { fieldErrorsFrom, toNumber } from '../form-errors';
import { fromDateInput, toDateInput } from '../japan-time';
import { formatYen } from '../../../lib/format-yen';
import { ListPager } from './list-pager.component';
import { StaffPage } from './staff-page.component';
import { maxLengthOf } from '../../../lib/schema-limits';

export type BookingDayView = 'ARRIVALS' | 'IN_HOUSE' | 'DEPARTURES';

const VIEWS: readonly BookingDayView[] = ['ARRIVALS', 'IN_HOUSE', 'DEPARTURES'];

/** Staff may check a guest in from BOOKED or READY_TO_CHECKIN, and out from STAYING (the server decides the day). */
const CAN_CHECK_IN = new Set(['BOOKED', 'READY_TO_CHECKIN']);
const CAN_ORDER = new Set(['BOOKED', 'READY_TO_CHECKIN', 'STAYING']);

/** The front desk: the day's arrivals, guests in house and departures, with check-in, check-out and hand-arranged meals. */
export function StaffBookingList({
  bookings,
  nextPageToken,
  date,
  view,
  houseGroupId,
  houseGroups,
  doNotDisturb = [],
}: {
  /** Bookings whose guest asked not to be disturbed. */
  doNotDisturb?: string[];
  bookings: StaffBookingListItem[];
  nextPageToken: string;
  date: string;
  view: BookingDayView;
  houseGroupId: string;
  houseGroups: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('staff:bookings.heading')} lead={t('staff:bookings.lead')}>
      <Form method="get" className="staff-search" role="search">
        <TextField id="booking-date" name="date" type="date" label={t('staff:bookings.date')} defaultValue={date} />
        <SelectField id="booking-view" name="view" label={t('staff:bookings.view')} defaultValue={view}>
          {VIEWS.map((v) => (
            <option key={v} value={v}>
              {t(`staff:bookings.views.${v}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="booking-house-group"
          name="houseGroup"
          label={t('staff:bookings.houseGroup')}
          defaultValue={houseGroupId}
        >
          <option value="">{t('staff:bookings.allHouseGroups')}</option>
          {houseGroups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('staff:bookings.show')}
        </button>
      </Form>
      {bookings.length === 0 ? (
        <p className="staff-empty">{t('staff:bookings.empty')}</p>
      ) : (
        <ul className="staff-bookings">
          {bookings.map((b) => (
            <BookingCard key={b.bookingId} booking={b} doNotDisturb={doNotDisturb.includes(b.bookingId)} />
          ))}
        </ul>
      )}
      <ListPager nextPageToken={nextPageToken} />
    </StaffPage>
  );
}

const civilText = (d: CivilDate) => toDateInput(d);

function BookingCard({ booking: b, doNotDisturb }: { booking: StaffBookingListItem; doNotDisturb: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<'in' | 'out' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const guests = b.bookingHeadcount.males + b.bookingHeadcount.females + b.bookingHeadcount.children;

  async function move(direction: 'in' | 'out') {
    setBusy(direction);
    setProblem(null);
    try {
      await callMethod(
        direction === 'in' ? staffCheckinBooking : staffCheckoutBooking,
        { bookingId: b.bookingId },
        {
          language,
        },
      );
      toast.success(t(direction === 'in' ? 'staff:bookings.checkedIn' : 'staff:bookings.checkedOut'));
      await revalidator.revalidate();
    } catch (e) {
      setProblem(isApiError(e) ? e.displayMessage : t('errors.network'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <li className="staff-panel staff-booking" data-testid="booking-row" data-booking-id={b.bookingId}>
      <div className="staff-booking__head">
        <h2>
          {b.guest.lastName} {b.guest.firstName}
          <span className="staff-table__id">{b.bookingNumber}</span>
        </h2>
        <span className="badge badge--neutral" data-testid="booking-status">
          {t(`booking:status.${b.bookingStatus}`)}
        </span>
        {doNotDisturb ? (
          <span className="badge badge--warning" data-testid="booking-dnd">
            {t('stay:dnd.label')}
          </span>
        ) : null}
      </div>
      <dl className="staff-booking__facts">
        <div>
          <dt>{t('staff:bookings.email')}</dt>
          <dd>{b.guest.email}</dd>
        </div>
        <div>
          <dt>{t('staff:bookings.house')}</dt>
          <dd>
            {b.houseGroup.name} · {b.house.name}
          </dd>
        </div>
        <div>
          <dt>{t('staff:bookings.dates')}</dt>
          <dd>
            {civilText(b.checkinDate)} → {civilText(b.checkoutDate)}
          </dd>
        </div>
        <div>
          <dt>{t('staff:bookings.guests')}</dt>
          <dd>{t('staff:bookings.guestCount', { count: guests })}</dd>
        </div>
        <div>
          <dt>{t('staff:bookings.total')}</dt>
          <dd>{formatYen(b.totalAmount, language)}</dd>
        </div>
      </dl>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <div className="staff-booking__actions">
        {CAN_CHECK_IN.has(b.bookingStatus) ? (
          <Button size="small" busy={busy === 'in'} disabled={busy !== null} onClick={() => void move('in')}>
            {t('staff:bookings.checkIn')}
          </Button>
        ) : null}
        {b.bookingStatus === 'STAYING' ? (
          <Button size="small" busy={busy === 'out'} disabled={busy !== null} onClick={() => void move('out')}>
            {t('staff:bookings.checkOut')}
          </Button>
        ) : null}
      </div>
      {CAN_ORDER.has(b.bookingStatus) ? <CustomMealForm booking={b} /> : null}
    </li>
  );
}

const MEAL_KEYS = ['name', 'quantity', 'unitAmount', 'providingDate', 'providingTime', 'taxRateType'] as const;
type MealDraft = Record<(typeof MEAL_KEYS)[number], string>;

/** A meal arranged by hand (a chef's special, a cake), billed like the guest's other orders. */
function CustomMealForm({ booking: b }: { booking: StaffBookingListItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const blank: MealDraft = {
    name: '',
    quantity: '1',
    unitAmount: '',
    providingDate: toDateInput(b.checkinDate),
    providingTime: '18:00',
    taxRateType: 'STANDARD',
  };
  const [draft, setDraft] = useState<MealDraft>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = (key: string) => `meal-${b.bookingId}-${key}`;
  const set = (key: keyof MealDraft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const quantity = toNumber(draft.quantity);
    const unitAmount = toNumber(draft.unitAmount);
    const providingDate = fromDateInput(draft.providingDate);
    if (!draft.name.trim()) problems['name'] = t('staff:problems.required');
    if (!Number.isInteger(quantity) || quantity < 1) problems['quantity'] = t('staff:problems.number');
    if (!Number.isInteger(unitAmount) || unitAmount < 0) problems['unitAmount'] = t('staff:problems.number');
    if (!providingDate) problems['providingDate'] = t('staff:problems.required');
    if (!/^\d{2}:\d{2}$/.test(draft.providingTime)) problems['providingTime'] = t('staff:problems.required');
    setErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length || !providingDate) return;
    setBusy(true);
    try {
      await callMethod(
        staffCreateCustomMealOrder,
        {
          bookingId: b.bookingId,
          name: draft.name.trim(),
          quantity,
          unitAmount,
          providingDate,
          providingTime: draft.providingTime,
          taxRateType: draft.taxRateType === 'REDUCED' ? 'REDUCED' : 'STANDARD',
        },
        { language },
      );
      setDraft(blank);
      toast.success(t('staff:bookings.mealAdded'));
    } catch (e) {
      if (isApiError(e)) {
        setErrors(fieldErrorsFrom(e.fields, MEAL_KEYS).byField);
        setMessage(e.displayMessage);
      } else setMessage(t('errors.network'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="staff-booking__meal">
      <summary>{t('staff:bookings.addMeal')}</summary>
      <form className="staff-subform" noValidate onSubmit={submit} aria-label={t('staff:bookings.addMeal')}>
        {message ? <FormAlert>{message}</FormAlert> : null}
        <div className="staff-booking__fields">
          <TextField
            id={id('name')}
            label={t('staff:bookings.mealName')}
            value={draft.name}
            onChange={set('name')}
            error={errors['name']}
            maxLength={maxLengthOf(staffCreateCustomMealOrder.input.shape.name)}
          />
          <TextField
            id={id('quantity')}
            label={t('staff:bookings.quantity')}
            inputMode="numeric"
            value={draft.quantity}
            onChange={set('quantity')}
            error={errors['quantity']}
          />
          <TextField
            id={id('unitAmount')}
            label={t('staff:bookings.unitAmount')}
            inputMode="numeric"
            value={draft.unitAmount}
            onChange={set('unitAmount')}
            error={errors['unitAmount']}
          />
          <TextField
            id={id('providingDate')}
            type="date"
            label={t('staff:bookings.mealDate')}
            value={draft.providingDate}
            onChange={set('providingDate')}
            error={errors['providingDate']}
          />
          <TextField
            id={id('providingTime')}
            type="time"
            label={t('staff:bookings.mealTime')}
            value={draft.providingTime}
            onChange={set('providingTime')}
            error={errors['providingTime']}
          />
          <SelectField
            id={id('taxRateType')}
            label={t('staff:bookings.taxRate')}
            value={draft.taxRateType}
            onChange={set('taxRateType')}
            error={errors['taxRateType']}
          >
            <option value="STANDARD">{t('staff:bookings.taxStandard')}</option>
            <option value="REDUCED">{t('staff:bookings.taxReduced')}</option>
          </SelectField>
        </div>
        <Button type="submit" size="small" variant="secondary" busy={busy}>
          {t('staff:bookings.addMealSubmit')}
        </Button>
      </form>
    </details>
  );
}
