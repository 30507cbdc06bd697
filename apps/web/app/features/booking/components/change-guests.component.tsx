import {
  getBookingQuote,
  updateBookingHeadcount,
  type BookingDetail,
  type Headcount,
} from '@yado/contract/booking.contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { AgeSelects } from './age-selects.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { MAX_COUNT } from '../booking-form-state';
import { guestsFormOf, headcountRequestOf, sameGuests, type GuestsForm } from '../change-guests';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { CountSelect } from './count-select.component';

/** What the house group takes, for the selects (null: the house group could not be read, so the API alone checks). */
export type GuestCapacity = {
  maxCapacity: number;
  minAdultCapacity: number;
  isPetAllowed: boolean;
  maxPetCapacity: number;
};

type Preview =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; difference: number } | { kind: 'error'; message: string };

const PREVIEW_DELAY_MS = 300;

/**
 * "Change guests" of a booked stay: the new guests, the amounts they would
 * cost before anything changes, then update_booking_headcount with one
 * Idempotency-Key per attempt. The estimate is the API's own price of the
 * stay with the new guests less its price with the current ones (two
 * get_booking_quote calls), added to the booking's total: the API keeps the
 * nightly prices the stay was booked at, so only the difference is asked.
 * What the API answers after the change is then shown as it is. Its refusals
 * (capacity, the rest already billed) arrive in the page's language.
 */
export function ChangeGuests(p: { booking: BookingDetail; capacity: GuestCapacity | null; onChanged: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const b = p.booking;
  const yen = (n: number) => formatYen(n, language);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<GuestsForm>(() => guestsFormOf(b));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ from: number; to: number } | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const unchanged = sameGuests(form, guestsFormOf(b));
  const request = useMemo(() => headcountRequestOf(form), [form]);
  const quotable = b.bookingType === 'GUEST_USE' || b.bookingType === 'EXCLUSIVE_ACCOMMODATION_USE';
  const capacity = p.capacity;
  const maxGuests = capacity?.maxCapacity ?? MAX_COUNT;

  // The estimate follows the selects, a moment after the last change; an answer counts only for the guests it priced.
  const previewKey = open && !unchanged && request && quotable ? JSON.stringify(request) : null;
  const [answer, setAnswer] = useState<
    { key: string; difference: number; message: null } | { key: string; message: string } | null
  >(null);
  const preview: Preview =
    previewKey === null
      ? { kind: 'idle' }
      : answer?.key !== previewKey
        ? { kind: 'loading' }
        : answer.message !== null
          ? { kind: 'error', message: answer.message }
          : { kind: 'ready', difference: answer.difference };
  useEffect(() => {
    if (previewKey === null || !request) return;
    let stale = false;
    const current = headcountRequestOf(guestsFormOf(b));
    const timer = setTimeout(() => {
      const bookingType =
        b.bookingType === 'EXCLUSIVE_ACCOMMODATION_USE'
          ? ('EXCLUSIVE_ACCOMMODATION_USE' as const)
          : ('GUEST_USE' as const);
      const stay = (guests: { headcount: Headcount; childrenAge: number[] }) => ({
        houseGroupId: b.houseGroup.id,
        checkinDate: b.checkinDate,
        checkoutDate: b.checkoutDate,
        headcount: guests.headcount,
        childrenAge: guests.childrenAge,
        pet: b.pet,
        bookingType,
      });
      Promise.all([
        callMethod(getBookingQuote, stay(request)),
        callMethod(getBookingQuote, stay(current ?? request)),
      ]).then(
        ([next, now]) => {
          if (!stale)
            setAnswer({ key: previewKey, difference: next.quote.totalAmount - now.quote.totalAmount, message: null });
        },
        (e: unknown) => {
          if (!stale)
            setAnswer({
              key: previewKey,
              message: isApiError(e) ? e.displayMessage : t('booking:guests.previewFailed'),
            });
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [previewKey, request, b, t]);

  const save = async () => {
    if (!request) return;
    const input = { bookingId: b.bookingId, ...request };
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    setSaving(true);
    setError(null);
    try {
      const { booking } = await callMethod(updateBookingHeadcount, input, {
        headers: { [IDEMPOTENCY_HEADER]: attempt.current.key },
      });
      attempt.current = null;
      setDone({ from: b.totalAmount, to: booking.totalAmount });
      setOpen(false);
      p.onChanged();
    } catch (e) {
      // An answer (even a refusal) ends the attempt; a lost connection keeps its key for the retry.
      if (isApiError(e)) attempt.current = null;
      setError(isApiError(e) ? e.displayMessage : t('booking:guests.failed'));
    } finally {
      setSaving(false);
    }
  };

  const setCount = (list: (number | '')[], n: number) =>
    n > list.length ? [...list, ...Array.from({ length: n - list.length }, () => '' as const)] : list.slice(0, n);
  const update = (patch: Partial<GuestsForm>) => {
    setError(null);
    setForm((f) => ({ ...f, ...patch }));
  };

  return (
    <div className="change-guests" data-testid="change-guests">
      <div aria-live="polite">
        {done ? (
          <FormAlert tone="success" title={t('booking:guests.doneTitle')}>
            <span data-testid="guests-done">
              {t('booking:guests.doneBody', { from: yen(done.from), to: yen(done.to) })}
            </span>
          </FormAlert>
        ) : null}
      </div>
      {!open ? (
        <Button
          variant="secondary"
          onClick={() => {
            setForm(guestsFormOf(b));
            setDone(null);
            setOpen(true);
          }}
          data-testid="change-guests-open"
        >
          {t('booking:guests.open')}
        </Button>
      ) : (
        <fieldset className="fieldset change-guests__form">
          <legend className="fieldset__legend">{t('booking:guests.heading')}</legend>
          {capacity ? (
            <p className="fieldset__hint">
              {t('booking:form.guests.capacity', { max: capacity.maxCapacity, count: capacity.minAdultCapacity })}
            </p>
          ) : null}
          <div className="grid grid--2 grid--counts">
            <CountSelect
              id="change-males"
              label={t('booking:form.guests.males')}
              value={form.males}
              max={maxGuests}
              onChange={(males) => update({ males })}
            />
            <CountSelect
              id="change-females"
              label={t('booking:form.guests.females')}
              value={form.females}
              max={maxGuests}
              onChange={(females) => update({ females })}
            />
            <CountSelect
              id="change-children"
              label={t('booking:form.guests.children')}
              hint={t('booking:form.guests.childrenHint')}
              value={form.childAges.length}
              max={maxGuests}
              onChange={(n) => update({ childAges: setCount(form.childAges, n) })}
            />
            <CountSelect
              id="change-infants"
              label={t('booking:form.guests.infants')}
              hint={t('booking:form.guests.infantsHint')}
              value={form.infantAges.length}
              max={10}
              onChange={(n) => update({ infantAges: setCount(form.infantAges, n) })}
            />
            <AgeSelects
              kind="child"
              ages={form.childAges}
              idPrefix="change-"
              onChange={(childAges) => update({ childAges })}
            />
            <AgeSelects
              kind="infant"
              ages={form.infantAges}
              idPrefix="change-"
              onChange={(infantAges) => update({ infantAges })}
            />
          </div>
          {capacity?.isPetAllowed ? (
            <div className="grid grid--3 grid--counts">
              <CountSelect
                id="change-large-dogs"
                label={t('booking:form.dogs.large')}
                value={form.dogs.largeDogs}
                max={capacity.maxPetCapacity}
                onChange={(largeDogs) => update({ dogs: { ...form.dogs, largeDogs } })}
              />
              <CountSelect
                id="change-medium-dogs"
                label={t('booking:form.dogs.medium')}
                value={form.dogs.mediumDogs}
                max={capacity.maxPetCapacity}
                onChange={(mediumDogs) => update({ dogs: { ...form.dogs, mediumDogs } })}
              />
              <CountSelect
                id="change-small-dogs"
                label={t('booking:form.dogs.small')}
                value={form.dogs.smallDogs}
                max={capacity.maxPetCapacity}
                onChange={(smallDogs) => update({ dogs: { ...form.dogs, smallDogs } })}
              />
            </div>
          ) : null}

          <div aria-live="polite" aria-busy={preview.kind === 'loading'}>
            {form.males + form.females < 1 ? (
              <p className="muted">{t('booking:form.problem.adults')}</p>
            ) : !request ? (
              <p className="muted">{t('booking:form.problem.childAge')}</p>
            ) : unchanged ? (
              <p className="muted">{t('booking:guests.unchanged')}</p>
            ) : (
              <dl className="quote__lines change-guests__amounts" data-testid="guests-preview">
                <div className="quote__line">
                  <dt>{t('booking:guests.currentTotal')}</dt>
                  <dd>{yen(b.totalAmount)}</dd>
                </div>
                {preview.kind === 'ready' ? (
                  <>
                    <div className="quote__line">
                      <dt>{t('booking:guests.difference')}</dt>
                      <dd data-testid="guests-difference">
                        {preview.difference < 0 ? `−${yen(-preview.difference)}` : `+${yen(preview.difference)}`}
                      </dd>
                    </div>
                    <div className="quote__line quote__line--total">
                      <dt>{t('booking:guests.newTotal')}</dt>
                      <dd data-testid="guests-new-total">{yen(b.totalAmount + preview.difference)}</dd>
                    </div>
                  </>
                ) : preview.kind === 'loading' ? (
                  <div className="quote__line">
                    <dt>{t('booking:guests.newTotal')}</dt>
                    <dd className="muted">{t('booking:quote.loading')}</dd>
                  </div>
                ) : null}
              </dl>
            )}
            {preview.kind === 'error' ? <FormAlert>{preview.message}</FormAlert> : null}
            {!unchanged && request ? <p className="change-guests__note">{t('booking:guests.note')}</p> : null}
            {error ? (
              <FormAlert title={t('booking:guests.refusedTitle')}>
                <span data-testid="guests-error">{error}</span>
              </FormAlert>
            ) : null}
          </div>
          <div className="booking-card__actions">
            <Button
              busy={saving}
              disabled={unchanged || !request}
              onClick={() => void save()}
              data-testid="change-guests-confirm"
            >
              {t('booking:guests.confirm')}
            </Button>
            <Button variant="text" disabled={saving} onClick={() => setOpen(false)}>
              {t('booking:guests.close')}
            </Button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
