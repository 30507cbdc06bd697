import { dateFromDateTime } from '@yado/contract/date-time';
import type { CancellationSubscription } from '@yado/contract/waitlist.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { formatDate } from '../../../lib/format-date';
import { formatDateOfDateTime, formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useDeleteWaitlist } from '../hooks/use-delete-waitlist.hook';
import { useNow } from '../hooks/use-now.hook';
import { remainingText } from '../waitlist-time';

/** The guest's waitlist: each subscription's dates, state, an active offer's countdown with "Book now", and removal. */
export function WaitlistList({
  subscriptions,
  renderedAt,
}: {
  subscriptions: CancellationSubscription[];
  renderedAt: number;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const ticking = subscriptions.some((s) => s.offer?.active);
  const now = useNow(renderedAt, ticking);
  if (subscriptions.length === 0) {
    return (
      <div className="card waitlist-empty">
        <p>{t('waitlist:list.empty')}</p>
        <p>
          <Link to={localizePath('/search', language)}>{t('waitlist:list.find')}</Link>
        </p>
      </div>
    );
  }
  return (
    <ul className="waitlist-list" data-testid="waitlist-list">
      {subscriptions.map((s) => (
        <WaitlistItem key={s.id} s={s} now={now} />
      ))}
    </ul>
  );
}

function WaitlistItem({ s, now }: { s: CancellationSubscription; now: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { remove, busy } = useDeleteWaitlist();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const until = s.offer ? dateFromDateTime(s.offer.exclusiveUntil).getTime() : 0;
  const offerOpen = s.state === 'OFFERED' && s.offer?.active === true && until > now;
  const guests = [
    t('waitlist:list.adults', { count: s.headcount.adults }),
    s.headcount.children ? t('waitlist:list.children', { count: s.headcount.children }) : null,
    s.headcount.infants ? t('waitlist:list.infants', { count: s.headcount.infants }) : null,
  ]
    .filter(Boolean)
    .join(', ');

  const onRemove = async () => {
    const res = await remove(s.id);
    if (!res.ok) setError(res.message ?? t('errors.generic'));
  };

  return (
    <li className="card waitlist-item" data-testid="waitlist-item" data-state={s.state}>
      <div className="waitlist-item__head">
        <div>
          <p className="eyebrow">{s.houseGroup.placeName}</p>
          <h2 className="waitlist-item__name">{s.houseGroup.name}</h2>
        </div>
        <span className={`waitlist-state waitlist-state--${s.state.toLowerCase()}`} data-testid="waitlist-state">
          {t(`waitlist:state.${s.state}`)}
        </span>
      </div>
      <p className="waitlist-item__dates">
        {t('waitlist:list.dates', {
          checkin: formatDate(s.checkinDate, 'date', language),
          checkout: formatDate(s.checkoutDate, 'date', language),
        })}
        <span className="muted"> · {guests}</span>
      </p>
      {offerOpen && s.offer ? (
        <div className="waitlist-offer" role="status">
          <p className="waitlist-offer__text">
            {t('waitlist:offer.open', {
              time: formatDateTime(s.offer.exclusiveUntil, language, s.houseGroup.timezone),
            })}
          </p>
          <p className="waitlist-offer__countdown">
            <span className="muted">{t('waitlist:offer.left')}</span>{' '}
            <strong data-testid="waitlist-countdown">{remainingText(until, now)}</strong>
          </p>
          <Link
            className={buttonClassName({ size: 'large', fullWidth: true })}
            to={localizePath(s.offer.bookingPath, language)}
            data-testid="waitlist-book-now"
          >
            {t('waitlist:offer.book')}
          </Link>
        </div>
      ) : s.state === 'OFFERED' ? (
        <p className="waitlist-item__note">{t('waitlist:offer.ending')}</p>
      ) : (
        <p className="waitlist-item__note muted">{t(`waitlist:note.${s.state}`)}</p>
      )}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="waitlist-item__actions">
        {confirming ? (
          <div className="waitlist-item__confirm" role="group" aria-label={t('waitlist:list.removeConfirm')}>
            <p>{offerOpen ? t('waitlist:list.removeConfirmOffer') : t('waitlist:list.removeConfirm')}</p>
            <div className="dialog-actions">
              <Button variant="secondary" size="small" onClick={() => setConfirming(false)}>
                {t('waitlist:list.keep')}
              </Button>
              <Button size="small" busy={busy} onClick={() => void onRemove()} data-testid="waitlist-remove-confirm">
                {t('waitlist:list.remove')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="text" size="small" onClick={() => setConfirming(true)} data-testid="waitlist-remove">
            {t('waitlist:list.remove')}
          </Button>
        )}
      </div>
      <p className="waitlist-item__since muted">
        {t('waitlist:list.since', {
          date: formatDateOfDateTime(s.createdAt, language, s.houseGroup.timezone),
        })}
      </p>
    </li>
  );
}
