import { addDays, civilFromIso, type IsoDate } from '@yado/contract/civil-date';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { dateTimeInZone } from '@yado/contract/date-time';
import { GiftType, type GiftTypeValue } from '@yado/contract/gift.contract';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useCreateGift, type GiftDraft } from '../hooks/use-create-gift.hook';
import { OwnerLayout } from './owner-layout.component';

type Share = { shareId: string; houseGroupId: string; houseGroupName: string; currentSlotYear: number };

/** The end of a day in the operator's zone as an API date-time: an undated gift may be used until then. */
function endOfDayInJapan(day: IsoDate) {
  return dateTimeInZone(day, '23:59', OPERATOR_TIME_ZONE);
}

/** Give nights: what kind of gift, of which share, for which nights (or how many), and a message. */
export function OwnerGiftNewPage({ shares, today }: { shares: Share[]; today: IsoDate }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const id = useId();
  const { create, busy } = useCreateGift();
  const [kind, setKind] = useState<GiftTypeValue>('DATED_SLOTS_GIFT_USE');
  const [shareId, setShareId] = useState(shares[0]?.shareId ?? '');
  const [checkin, setCheckin] = useState<IsoDate>(addDays(today, 14));
  const [checkout, setCheckout] = useState<IsoDate>(addDays(today, 16));
  const [standard, setStandard] = useState(2);
  const [high, setHigh] = useState(0);
  const [expires, setExpires] = useState<IsoDate>(addDays(today, 60));
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const share = shares.find((s) => s.shareId === shareId) ?? shares[0];

  if (!share) {
    return (
      <OwnerLayout title={t('gift:new.heading')}>
        <FormAlert tone="info">{t('gift:new.noShares')}</FormAlert>
      </OwnerLayout>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!share) return;
    let draft: GiftDraft;
    if (kind === 'SLOTS_GIFT_USE') {
      if (standard + high < 1) return setProblem(t('gift:new.pickNights'));
      if (!expires || expires < today) return setProblem(t('gift:new.pickExpiry'));
      draft = {
        kind,
        shareId: share.shareId,
        slotYear: share.currentSlotYear,
        slotStandard: standard,
        slotHigh: high,
        giftExpireDatetime: endOfDayInJapan(expires),
        message: message.trim(),
      };
    } else {
      if (!checkin || !checkout || checkout <= checkin) return setProblem(t('gift:new.pickDates'));
      draft = {
        kind,
        houseGroupId: share.houseGroupId,
        shareId: share.shareId,
        checkinDate: civilFromIso(checkin),
        checkoutDate: civilFromIso(checkout),
        message: message.trim(),
      };
    }
    setProblem(null);
    const result = await create(draft);
    if (result.ok) {
      await navigate(`${localizePath('/owner/gifts', language)}?new=${encodeURIComponent(result.gift.giftId)}`);
    } else {
      setProblem(result.message ?? t('gift:owner.failed'));
    }
  }

  return (
    <OwnerLayout title={t('gift:new.heading')} lead={t('gift:new.lead')}>
      <section className="owner-card gift-form-card">
        <form className="owner-form" noValidate onSubmit={(e) => void submit(e)} data-testid="owner-gift-form">
          <SelectField
            id={`${id}-kind`}
            label={t('gift:new.kind')}
            value={kind}
            hint={t(`gift:new.kindHint.${kind}`)}
            onChange={(e) => setKind(e.target.value as GiftTypeValue)}
          >
            {GiftType.values.map((k) => (
              <option key={k} value={k}>
                {t(`gift:type.${k}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={`${id}-share`}
            label={t('gift:new.houseGroup')}
            value={share.shareId}
            onChange={(e) => setShareId(e.target.value)}
          >
            {shares.map((s) => (
              <option key={s.shareId} value={s.shareId}>
                {s.houseGroupName}
              </option>
            ))}
          </SelectField>
          {kind === 'SLOTS_GIFT_USE' ? (
            <>
              <div className="owner-form__row">
                <TextField
                  id={`${id}-standard`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={366}
                  label={t('gift:new.standard')}
                  value={String(standard)}
                  onChange={(e) => setStandard(Math.max(0, Number(e.target.value) || 0))}
                />
                <TextField
                  id={`${id}-high`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={366}
                  label={t('gift:new.high')}
                  value={String(high)}
                  onChange={(e) => setHigh(Math.max(0, Number(e.target.value) || 0))}
                />
              </div>
              <p className="owner-note">
                {t('gift:new.slotYear')}: {share.currentSlotYear}
              </p>
              <TextField
                id={`${id}-expires`}
                type="date"
                label={t('gift:new.expires')}
                hint={t('gift:new.expiresHint')}
                min={today}
                value={expires}
                onChange={(e) => setExpires(e.target.value as IsoDate)}
              />
            </>
          ) : (
            <div className="owner-form__row">
              <TextField
                id={`${id}-checkin`}
                type="date"
                label={t('gift:new.checkin')}
                min={addDays(today, 1)}
                value={checkin}
                data-testid="owner-gift-checkin"
                onChange={(e) => {
                  const next = e.target.value as IsoDate;
                  setCheckin(next);
                  if (next && (!checkout || checkout <= next)) setCheckout(addDays(next, 1));
                }}
              />
              <TextField
                id={`${id}-checkout`}
                type="date"
                label={t('gift:new.checkout')}
                min={checkin ? addDays(checkin, 1) : today}
                value={checkout}
                data-testid="owner-gift-checkout"
                onChange={(e) => setCheckout(e.target.value as IsoDate)}
              />
            </div>
          )}
          <TextAreaField
            id={`${id}-message`}
            label={t('gift:new.message')}
            labelNote={t('gift:new.optional')}
            maxLength={500}
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <div className="gift-card__actions">
            <Button type="submit" busy={busy} data-testid="owner-gift-create">
              {t('gift:new.submit')}
            </Button>
            <Link className={buttonClassName({ variant: 'text' })} to={localizePath('/owner/gifts', language)}>
              {t('gift:new.cancel')}
            </Link>
          </div>
        </form>
      </section>
    </OwnerLayout>
  );
}
