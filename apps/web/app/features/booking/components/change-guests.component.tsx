import type { BookingDetail } from '@yado/contract/booking.contract';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { MAX_COUNT } from '../booking-form-state';
import { guestsFormOf, headcountRequestOf, sameGuests, type GuestsForm } from '../change-guests';
import { useChangeGuests } from '../hooks/use-change-guests.hook';
import { useGuestsPreview, type GuestsPreview } from '../hooks/use-guests-preview.hook';
import { AgeSelects } from './age-selects.component';
import { CountSelect } from './count-select.component';

/** What the house group takes, for the selects (null: the house group could not be read, so the API alone checks). */
export type GuestCapacity = {
  maxCapacity: number;
  minAdultCapacity: number;
  isPetAllowed: boolean;
  maxPetCapacity: number;
};

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
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<GuestsForm>(() => guestsFormOf(b));
  const unchanged = sameGuests(form, guestsFormOf(b));
  const request = useMemo(() => headcountRequestOf(form), [form]);
  const preview = useGuestsPreview(b, request, open && !unchanged);
  const change = useChangeGuests(b, p.onChanged);
  const update = (patch: Partial<GuestsForm>) => {
    change.clearError();
    setForm((f) => ({ ...f, ...patch }));
  };
  const done = change.done;
  return (
    <div className="change-guests" data-testid="change-guests">
      <div aria-live="polite">
        {done ? (
          <FormAlert tone="success" title={t('booking:guests.doneTitle')}>
            <span data-testid="guests-done">
              {t('booking:guests.doneBody', { from: formatYen(done.from, language), to: formatYen(done.to, language) })}
            </span>
          </FormAlert>
        ) : null}
      </div>
      {!open ? (
        <Button
          variant="secondary"
          onClick={() => {
            setForm(guestsFormOf(b));
            change.clearDone();
            setOpen(true);
          }}
          data-testid="change-guests-open"
        >
          {t('booking:guests.open')}
        </Button>
      ) : (
        <fieldset className="fieldset change-guests__form">
          <legend className="fieldset__legend">{t('booking:guests.heading')}</legend>
          {p.capacity ? (
            <p className="fieldset__hint">
              {t('booking:form.guests.capacity', { max: p.capacity.maxCapacity, count: p.capacity.minAdultCapacity })}
            </p>
          ) : null}
          <GuestsSelects form={form} capacity={p.capacity} update={update} />
          <GuestsPreviewLines
            b={b}
            form={form}
            unchanged={unchanged}
            requestReady={request !== null}
            preview={preview}
            error={change.error}
          />
          <div className="booking-card__actions">
            <Button
              busy={change.saving}
              disabled={unchanged || !request}
              onClick={() => void change.save(request, () => setOpen(false))}
              data-testid="change-guests-confirm"
            >
              {t('booking:guests.confirm')}
            </Button>
            <Button variant="text" disabled={change.saving} onClick={() => setOpen(false)}>
              {t('booking:guests.close')}
            </Button>
          </div>
        </fieldset>
      )}
    </div>
  );
}

const resized = (list: (number | '')[], n: number) =>
  n > list.length ? [...list, ...Array.from({ length: n - list.length }, () => '' as const)] : list.slice(0, n);

/** The new guests: counts, ages, and dogs where the house group takes them. */
function GuestsSelects({
  form,
  capacity,
  update,
}: {
  form: GuestsForm;
  capacity: GuestCapacity | null;
  update: (patch: Partial<GuestsForm>) => void;
}) {
  const { t } = useTranslation();
  const maxGuests = capacity?.maxCapacity ?? MAX_COUNT;
  return (
    <>
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
          onChange={(n) => update({ childAges: resized(form.childAges, n) })}
        />
        <CountSelect
          id="change-infants"
          label={t('booking:form.guests.infants')}
          hint={t('booking:form.guests.infantsHint')}
          value={form.infantAges.length}
          max={10}
          onChange={(n) => update({ infantAges: resized(form.infantAges, n) })}
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
      {capacity?.isPetAllowed ? <DogsSelects form={form} maxPets={capacity.maxPetCapacity} update={update} /> : null}
    </>
  );
}

/** The current total, the difference and the new total; or why there is none yet; and a refusal. */
function GuestsPreviewLines(p: {
  b: BookingDetail;
  form: GuestsForm;
  unchanged: boolean;
  requestReady: boolean;
  preview: GuestsPreview;
  error: string | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  const { b, form, unchanged, preview, error } = p;
  const request = p.requestReady;
  return (
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
  );
}

/** Dogs by size, up to what the house group takes. */
function DogsSelects({
  form,
  maxPets,
  update,
}: {
  form: GuestsForm;
  maxPets: number;
  update: (patch: Partial<GuestsForm>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid--3 grid--counts">
      <CountSelect
        id="change-large-dogs"
        label={t('booking:form.dogs.large')}
        value={form.dogs.largeDogs}
        max={maxPets}
        onChange={(largeDogs) => update({ dogs: { ...form.dogs, largeDogs } })}
      />
      <CountSelect
        id="change-medium-dogs"
        label={t('booking:form.dogs.medium')}
        value={form.dogs.mediumDogs}
        max={maxPets}
        onChange={(mediumDogs) => update({ dogs: { ...form.dogs, mediumDogs } })}
      />
      <CountSelect
        id="change-small-dogs"
        label={t('booking:form.dogs.small')}
        value={form.dogs.smallDogs}
        max={maxPets}
        onChange={(smallDogs) => update({ dogs: { ...form.dogs, smallDogs } })}
      />
    </div>
  );
}
