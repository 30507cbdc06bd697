import { addDays, civilFromIso, isoFromCivil, type IsoDate } from '@yado/contract/civil-date';
import type { GiftView } from '@yado/contract/gift.contract';
import type { ExtraOption, Meal } from '@yado/contract/meal.contract';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { formatDate } from '../../../lib/format-date';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { withRedirectUrl } from '../../../lib/redirect-url';
import { useLanguage } from '../../../lib/use-language.hook';
import { useAcceptGift, type GiftChoices } from '../hooks/use-accept-gift.hook';

/** What the gift page's loader found behind the link. */
export type GiftPageData =
  | { state: 'not-found' }
  | { state: 'taken' }
  | {
      state: 'gift';
      token: string;
      here: string;
      signedIn: boolean;
      gift: GiftView;
      loginUrl: string;
      registerUrl: string;
      meals: Meal[];
      extraOptions: ExtraOption[];
    };

type Open = Extract<GiftPageData, { state: 'gift' }>;

/** An adult's age for meal quantities (the adult band starts at 13). */
const ADULT_AGE = 30;

function Card({ heading, lead, children }: { heading: string; lead?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow gift-page" aria-labelledby="gift-heading">
      <div className="card gift-page__card" data-testid="gift-page">
        <p className="eyebrow">{t('gift:page.eyebrow')}</p>
        <h1 id="gift-heading" className="card__title">
          {heading}
        </h1>
        {lead ? <p className="card__lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

function HomeLink() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="actions">
      <Link className={buttonClassName({ variant: 'secondary', fullWidth: true })} to={localizePath('/', language)}>
        {t('gift:page.home')}
      </Link>
    </div>
  );
}

/** The house group, the nights and, to a signed-in visitor, the sender and the message. */
function GiftFacts({ gift }: { gift: GiftView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tz = gift.houseGroup.timezone;
  const dated = gift.checkinDate && gift.checkoutDate;
  return (
    <dl className="details gift-page__details">
      <div className="details__row">
        <dt>{dated ? t('gift:page.dates') : t('gift:page.nights')}</dt>
        <dd data-testid="gift-nights">
          {dated
            ? `${formatDate(gift.checkinDate!, 'date', language)} – ${formatDate(gift.checkoutDate!, 'date', language)}`
            : t('gift:nights', { standard: gift.slotStandard, high: gift.slotHigh, year: gift.slotYear ?? '' })}
        </dd>
      </div>
      {gift.status === 'OPEN' ? (
        <div className="details__row">
          <dt>{dated ? t('gift:page.acceptBy') : t('gift:page.useBy')}</dt>
          <dd>{formatDateTime(gift.giftExpireDatetime, language, tz)}</dd>
        </div>
      ) : null}
      {gift.senderLastName ? (
        <div className="details__row">
          <dt>{t('gift:page.from')}</dt>
          <dd data-testid="gift-sender">{senderName(gift, language)}</dd>
        </div>
      ) : null}
      {gift.message ? (
        <div className="details__row">
          <dt>{t('gift:page.message')}</dt>
          <dd className="gift-page__message">{gift.message}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function senderName(gift: GiftView, language: 'en' | 'ja'): string {
  const s = gift.sender;
  if (!s) return gift.senderLastName ?? '';
  return language === 'ja'
    ? `${s.lastName} ${s.firstName}`
    : `${s.romanizedFirstName || s.firstName} ${s.romanizedLastName || s.lastName}`;
}

function headingOf(gift: GiftView, t: ReturnType<typeof useTranslation>['t'], language: 'en' | 'ja') {
  return gift.senderLastName
    ? t('gift:page.headingFrom', { sender: senderName(gift, language), house: gift.houseGroup.name })
    : t('gift:page.heading', { house: gift.houseGroup.name });
}

/** /gift/:token: the gift, and choosing the stay to accept it once signed in. */
export function GiftPage({ data }: { data: GiftPageData }) {
  const { t } = useTranslation();
  switch (data.state) {
    case 'not-found':
      return (
        <Card heading={t('gift:page.notFoundHeading')} lead={t('gift:page.notFoundLead')}>
          <HomeLink />
        </Card>
      );
    case 'taken':
      return (
        <Card heading={t('gift:page.takenHeading')} lead={t('gift:page.takenLead')}>
          <HomeLink />
        </Card>
      );
    case 'gift':
      return <GiftState data={data} />;
  }
}

function GiftState({ data }: { data: Open }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [gift, setGift] = useState(data.gift);
  const [bookingId, setBookingId] = useState<string | null>(data.gift.bookingId);

  if (gift.acceptedByCaller) {
    return (
      <Card heading={t('gift:page.acceptedHeading')} lead={t('gift:page.acceptedLead')}>
        <div data-testid="gift-accepted">
          <GiftFacts gift={gift} />
          {bookingId ? (
            <div className="actions">
              <Link
                className={buttonClassName({ fullWidth: true })}
                to={localizePath(`/mypage/bookings/${bookingId}`, language)}
              >
                {t('gift:page.toBooking')}
              </Link>
            </div>
          ) : null}
        </div>
      </Card>
    );
  }
  if (gift.status !== 'OPEN') {
    const ended = gift.status === 'ACCEPTED' ? 'DECLINED' : gift.status;
    return (
      <Card heading={t('gift:page.endedHeading')} lead={t(`gift:page.ended.${ended}`)}>
        <div data-testid="gift-ended" data-status={gift.status}>
          <GiftFacts gift={gift} />
          <HomeLink />
        </div>
      </Card>
    );
  }
  if (!data.signedIn) {
    return (
      <Card heading={headingOf(gift, t, language)} lead={t('gift:page.signedOutLead')}>
        <GiftFacts gift={gift} />
        <div className="actions">
          <Link className={buttonClassName({ size: 'large', fullWidth: true })} to={data.loginUrl}>
            {t('gift:page.login')}
          </Link>
          <Link className={buttonClassName({ variant: 'secondary', fullWidth: true })} to={data.registerUrl}>
            {t('gift:page.register')}
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <Card heading={headingOf(gift, t, language)}>
      <GiftFacts gift={gift} />
      <ChooseStay
        data={data}
        gift={gift}
        onDone={(g, id) => {
          setGift(g);
          if (id) setBookingId(id);
        }}
      />
    </Card>
  );
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function ChooseStay({
  data,
  gift,
  onDone,
}: {
  data: Open;
  gift: GiftView;
  onDone: (gift: GiftView, bookingId: string | null) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const { accept, decline, busy, error, needsRegistration } = useAcceptGift(data.token, onDone);
  const dated = Boolean(gift.checkinDate && gift.checkoutDate);
  const [checkin, setCheckin] = useState<IsoDate | ''>(dated ? isoFromCivil(gift.checkinDate!) : '');
  const [checkout, setCheckout] = useState<IsoDate | ''>(dated ? isoFromCivil(gift.checkoutDate!) : '');
  const [adults, setAdults] = useState(2);
  const [childAges, setChildAges] = useState<number[]>([]);
  const [dinners, setDinners] = useState<Record<string, string>>({});
  const [options, setOptions] = useState<Record<string, number>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const dinnerMenu = data.meals.filter((m) => m.type === 'DINNER');
  const nights: IsoDate[] =
    checkin && checkout && checkout > checkin
      ? range(Math.min(31, Math.round((Date.parse(checkout) - Date.parse(checkin)) / 86_400_000))).map((i) =>
          addDays(checkin, i),
        )
      : [];

  function submit() {
    if (!checkin || !checkout || checkout <= checkin) {
      setProblem(t('gift:new.pickDates'));
      return;
    }
    setProblem(null);
    const quantities = [{ age: ADULT_AGE, number: adults }, ...childAges.map((age) => ({ age, number: 1 }))];
    const choices: GiftChoices = {
      headcount: { males: adults, females: 0, children: childAges.length, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
      childrenAge: childAges,
      meals: nights.filter((n) => dinners[n]).map((n) => ({ date: civilFromIso(n), mealId: dinners[n]!, quantities })),
      extraOptions: Object.entries(options)
        .filter(([, q]) => q > 0)
        .map(([extraOptionId, quantity]) => ({ extraOptionId, quantity })),
      ...(dated ? {} : { dates: { checkinDate: civilFromIso(checkin), checkoutDate: civilFromIso(checkout) } }),
    };
    void accept(choices);
  }

  return (
    <form
      className="gift-choose"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="gift-choose"
    >
      <h2 className="gift-choose__title">{t('gift:page.choose')}</h2>
      <p className="muted">{t('gift:page.chooseLead')}</p>
      {dated ? null : (
        <div className="grid grid--2">
          <TextField
            id={`${id}-checkin`}
            type="date"
            label={t('gift:page.checkin')}
            value={checkin}
            onChange={(e) => {
              const next = e.target.value as IsoDate | '';
              setCheckin(next);
              if (next && (!checkout || checkout <= next)) setCheckout(addDays(next, 1));
            }}
          />
          <TextField
            id={`${id}-checkout`}
            type="date"
            label={t('gift:page.checkout')}
            min={checkin ? addDays(checkin, 1) : undefined}
            value={checkout}
            onChange={(e) => setCheckout(e.target.value as IsoDate | '')}
          />
        </div>
      )}
      <div className="grid grid--2">
        <SelectField
          id={`${id}-adults`}
          label={t('gift:page.adults')}
          value={String(adults)}
          onChange={(e) => setAdults(Number(e.target.value))}
        >
          {range(10).map((n) => (
            <option key={n + 1} value={n + 1}>
              {n + 1}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${id}-children`}
          label={t('gift:page.children')}
          value={String(childAges.length)}
          onChange={(e) => {
            const n = Number(e.target.value);
            setChildAges((ages) => range(n).map((i) => ages[i] ?? 6));
          }}
        >
          {range(7).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
      {childAges.length > 0 ? (
        <div className="grid grid--2">
          {childAges.map((age, i) => (
            <SelectField
              key={i}
              id={`${id}-age-${i}`}
              label={t('gift:page.childAge', { n: i + 1 })}
              value={String(age)}
              onChange={(e) => setChildAges((ages) => ages.map((a, j) => (j === i ? Number(e.target.value) : a)))}
            >
              {range(18).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
      ) : null}
      <fieldset className="gift-choose__group">
        <legend>{t('gift:page.meals')}</legend>
        {dinnerMenu.length > 0 ? (
          <ul className="gift-choose__menu">
            {dinnerMenu.map((m) => (
              <li key={m.id}>
                {t('gift:page.mealPrice', {
                  meal: m.name,
                  price: formatYen(m.adultServiceChargeAndTaxInclusivePrice, language),
                })}
              </li>
            ))}
          </ul>
        ) : null}
        {dinnerMenu.length > 0 ? (
          <div className="grid grid--2">
            {nights.map((n) => (
              <SelectField
                key={n}
                id={`${id}-dinner-${n}`}
                label={t('gift:page.dinnerOn', { date: formatDate(civilFromIso(n), 'date', language) })}
                value={dinners[n] ?? ''}
                data-testid="gift-dinner"
                onChange={(e) => setDinners((d) => ({ ...d, [n]: e.target.value }))}
              >
                <option value="">{t('gift:page.noDinner')}</option>
                {dinnerMenu.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
        ) : (
          <p className="muted">{t('gift:page.noMeals')}</p>
        )}
      </fieldset>
      {data.extraOptions.length > 0 ? (
        <fieldset className="gift-choose__group">
          <legend>{t('gift:page.options')}</legend>
          {data.extraOptions.map((o) => (
            <SelectField
              key={o.id}
              id={`${id}-option-${o.id}`}
              label={o.caption}
              hint={t('gift:page.optionPrice', { price: formatYen(o.serviceChargeAndTaxInclusiveAmount, language) })}
              value={String(options[o.id] ?? 0)}
              onChange={(e) => setOptions((q) => ({ ...q, [o.id]: Number(e.target.value) }))}
            >
              {range(Math.max(1, o.maxQuantity) + 1).map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))}
            </SelectField>
          ))}
        </fieldset>
      ) : null}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      {needsRegistration ? (
        <FormAlert tone="info">
          <p>{t('gift:page.needsRegistration')}</p>
          <Link to={withRedirectUrl(localizePath('/register', language), data.here)}>{t('gift:page.register')}</Link>
        </FormAlert>
      ) : null}
      <div className="actions">
        <Button type="submit" size="large" fullWidth busy={busy} data-testid="gift-accept">
          {busy ? t('gift:page.accepting') : t('gift:page.accept')}
        </Button>
        <Button type="button" variant="text" fullWidth disabled={busy} onClick={() => void decline()}>
          {t('gift:page.decline')}
        </Button>
      </div>
    </form>
  );
}
