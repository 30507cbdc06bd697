import { civilFromIso, type IsoDate } from '@yado/contract/civil-date';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { withRedirectUrl } from '../../../lib/redirect-url';
import { useLanguage } from '../../../lib/use-language.hook';
import { useSubscribeWaitlist } from '../hooks/use-subscribe-waitlist.hook';
import { datesChosen } from '../waitlist-time';

type Props = {
  houseGroupId: string;
  /** Today on the house group's clock. */
  today: IsoDate;
  /** The dates chosen on the page, if any. */
  stay: { checkin: IsoDate | null; checkout: IsoDate | null };
  guests: { adults: number; children: number; infants: number };
  /** The chosen dates are taken: the card opens with them. */
  taken: boolean;
  signedIn: boolean;
  /** This page's address with the selection, where sign-in returns to. */
  selfHref: string;
};

export const WAITLIST_CARD_ID = 'waitlist';

/**
 * "Notify me if these dates free up": waits for taken dates of the house group. With taken dates
 * chosen on the page it offers them at once; otherwise the guest types the dates they want.
 */
export function WaitlistNotify(p: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { subscribe, busy, outcome, reset } = useSubscribeWaitlist();
  const [checkin, setCheckin] = useState<string>(p.stay.checkin ?? '');
  const [checkout, setCheckout] = useState<string>(p.stay.checkout ?? '');
  const ready = datesChosen(checkin, checkout, p.today);
  const fmt = (d: string) => formatDate(civilFromIso(d), 'date', language);
  const loginHref = withRedirectUrl(localizePath('/login', language), `${p.selfHref}#${WAITLIST_CARD_ID}`);

  const action = p.signedIn ? (
    <Button
      variant={p.taken ? 'primary' : 'secondary'}
      fullWidth
      busy={busy}
      disabled={!ready}
      onClick={() => void subscribe({ houseGroupId: p.houseGroupId, checkin, checkout, guests: p.guests })}
      data-testid="waitlist-subscribe"
    >
      {t('waitlist:notify.action')}
    </Button>
  ) : (
    <Link className={buttonClassName({ variant: 'secondary', fullWidth: true })} to={loginHref}>
      {t('waitlist:notify.signIn')}
    </Link>
  );

  const body = (
    <>
      <p className="waitlist-notify__lead">{t('waitlist:notify.lead')}</p>
      <div className="waitlist-notify__dates">
        <TextField
          id="waitlist-checkin"
          label={t('waitlist:notify.checkin')}
          type="date"
          min={p.today}
          value={checkin}
          onChange={(e) => {
            setCheckin(e.target.value);
            reset();
          }}
        />
        <TextField
          id="waitlist-checkout"
          label={t('waitlist:notify.checkout')}
          type="date"
          min={checkin || p.today}
          value={checkout}
          onChange={(e) => {
            setCheckout(e.target.value);
            reset();
          }}
        />
      </div>
      {outcome?.tone === 'success' ? (
        <FormAlert tone="success">
          <p data-testid="waitlist-subscribed">
            {t('waitlist:notify.done', { checkin: fmt(checkin), checkout: fmt(checkout) })}
          </p>
          <p>
            <Link to={localizePath('/mypage/waitlist', language)}>{t('waitlist:notify.seeList')}</Link>
          </p>
        </FormAlert>
      ) : (
        action
      )}
      {outcome?.tone === 'error' ? (
        <FormAlert>
          <p data-testid="waitlist-error">{outcome.message ?? t('errors.generic')}</p>
        </FormAlert>
      ) : null}
    </>
  );

  return (
    <section id={WAITLIST_CARD_ID} className="waitlist-notify" aria-labelledby="waitlist-heading" tabIndex={-1}>
      {p.taken ? (
        <>
          <h2 id="waitlist-heading" className="waitlist-notify__title">
            {t('waitlist:notify.takenHeading')}
          </h2>
          {body}
        </>
      ) : (
        <details>
          <summary id="waitlist-heading" className="waitlist-notify__summary">
            {t('waitlist:notify.heading')}
          </summary>
          {body}
        </details>
      )}
    </section>
  );
}
