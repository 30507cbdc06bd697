import type { SentGift } from '@yado/contract/gift.contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { ModalDialog } from '../../../components/ui/modal-dialog.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDate } from '../../../lib/format-date';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useCancelGift } from '../hooks/use-cancel-gift.hook';
import { OwnerLayout } from './owner-layout.component';

/** A sent gift with what its owner shares while it is open: the link and its QR code (an image address). */
export type SentGiftWithLink = SentGift & { link: string | null; qrCode: string | null };

/** The nights a gift gives, as one line: its dates, or its counts of an undated gift. */
export function giftNights(
  g: Pick<SentGift, 'checkinDate' | 'checkoutDate' | 'slotStandard' | 'slotHigh' | 'slotYear'>,
  t: ReturnType<typeof useTranslation>['t'],
  language: 'en' | 'ja',
) {
  if (g.checkinDate && g.checkoutDate) {
    return `${formatDate(g.checkinDate, 'date', language)} – ${formatDate(g.checkoutDate, 'date', language)}`;
  }
  return t('gift:nights', { standard: g.slotStandard, high: g.slotHigh, year: g.slotYear ?? '' });
}

/** Gifts: every gift the owner gave with its state; an open one with its link, QR code and withdrawal. */
export function OwnerGiftsPage({ gifts, newGiftId }: { gifts: SentGiftWithLink[]; newGiftId: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [withdrawing, setWithdrawing] = useState<SentGiftWithLink | null>(null);
  return (
    <OwnerLayout
      title={t('gift:owner.heading')}
      lead={t('gift:owner.lead')}
      actions={
        <Link
          className={`${buttonClassName({})} gift-give`}
          to={localizePath('/owner/gifts/new', language)}
          data-testid="owner-gift-give"
        >
          {t('gift:owner.give')}
        </Link>
      }
    >
      {newGiftId ? <FormAlert tone="info">{t('gift:new.created')}</FormAlert> : null}
      {gifts.length === 0 ? (
        <section className="owner-card">
          <p className="owner-empty">{t('gift:owner.none')}</p>
        </section>
      ) : (
        <ul className="gift-list">
          {gifts.map((g) => (
            <GiftCard key={g.giftId} gift={g} fresh={g.giftId === newGiftId} onWithdraw={() => setWithdrawing(g)} />
          ))}
        </ul>
      )}
      {withdrawing ? <WithdrawDialog gift={withdrawing} onClose={() => setWithdrawing(null)} /> : null}
    </OwnerLayout>
  );
}

function GiftCard({ gift: g, fresh, onWithdraw }: { gift: SentGiftWithLink; fresh: boolean; onWithdraw: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const id = useId();
  const tz = g.houseGroup.timezone;
  async function copy() {
    if (!g.link) return;
    try {
      await navigator.clipboard.writeText(g.link);
      toast.success(t('gift:owner.copied'));
    } catch {
      // Without clipboard access the link stays selectable in its field.
    }
  }
  return (
    <li
      className={`owner-card gift-card${fresh ? ' gift-card--fresh' : ''}`}
      data-testid="owner-gift"
      data-status={g.status}
      data-gift-id={g.giftId}
    >
      <div className="gift-card__head">
        <div>
          <p className="gift-card__type">
            {t(`gift:type.${g.giftType}`)}
            {fresh ? <span className="owner-badge owner-badge--pending">{t('gift:owner.new')}</span> : null}
          </p>
          <h2 className="owner-card__title">{g.houseGroup.name}</h2>
          <p className="gift-card__nights">{giftNights(g, t, language)}</p>
        </div>
        <span
          className={`owner-badge gift-badge gift-badge--${g.status.toLowerCase()}`}
          data-testid="owner-gift-status"
        >
          {t(`gift:status.${g.status}`)}
        </span>
      </div>
      <p className="owner-note">
        {g.status === 'ACCEPTED' && g.acceptedAt
          ? `${g.recipientName ? t('gift:owner.recipient', { name: g.recipientName }) : ''} · ${t('gift:owner.acceptedOn', { date: formatDateTime(g.acceptedAt, language, tz) })}`
          : g.status === 'OPEN'
            ? t('gift:owner.acceptBy', { date: formatDateTime(g.giftExpireDatetime, language, tz) })
            : g.endedAt
              ? t('gift:owner.endedOn', { date: formatDateTime(g.endedAt, language, tz) })
              : null}
      </p>
      {g.message ? (
        <p className="gift-card__message">
          <span className="visually-hidden">{t('gift:owner.message')}: </span>“{g.message}”
        </p>
      ) : null}
      {g.link && g.qrCode ? (
        <div className="gift-share">
          <img className="gift-share__qr" src={g.qrCode} width={176} height={176} alt={t('gift:owner.qr')} />
          <div className="gift-share__link">
            <label className="field__label" htmlFor={`${id}-link`}>
              {t('gift:owner.link')}
            </label>
            <input
              id={`${id}-link`}
              className="field__control gift-share__url"
              readOnly
              value={g.link}
              data-testid="owner-gift-link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <p className="owner-note">{t('gift:owner.secret')}</p>
            <p className="owner-note">{t('gift:owner.qrHint')}</p>
            <div className="gift-card__actions">
              <Button variant="secondary" size="small" onClick={() => void copy()}>
                {t('gift:owner.copy')}
              </Button>
              <Button variant="text" size="small" onClick={onWithdraw} data-testid="owner-gift-withdraw">
                {t('gift:owner.withdraw')}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function WithdrawDialog({ gift, onClose }: { gift: SentGiftWithLink; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const { withdraw, busy } = useCancelGift();
  const [problem, setProblem] = useState<string | null>(null);
  async function confirm() {
    const result = await withdraw(gift.giftId);
    if (result.ok) {
      toast.success(t('gift:owner.withdrawn'));
      onClose();
    } else {
      setProblem(result.message ?? t('gift:owner.failed'));
    }
  }
  return (
    <ModalDialog
      role="alertdialog"
      layer="alert-dialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-description`}
      onClose={() => (busy ? undefined : onClose())}
      className="alert-dialog owner-confirm"
      testId="owner-gift-confirm"
    >
      <h2 id={`${id}-title`} className="alert-dialog__title">
        {t('gift:owner.confirmTitle')}
      </h2>
      <div id={`${id}-description`} className="alert-dialog__description">
        <p>{t('gift:owner.confirmBody')}</p>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
      </div>
      <div className="owner-confirm__actions">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {t('gift:owner.keep')}
        </Button>
        <Button busy={busy} onClick={() => void confirm()} data-testid="owner-gift-confirm-withdraw">
          {t('gift:owner.withdraw')}
        </Button>
      </div>
    </ModalDialog>
  );
}
