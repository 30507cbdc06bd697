import { staffCreateLendingProduct } from '@yado/contract/lending.contract';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { dateTimeInZone } from '@yado/contract/date-time';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { useTranslation } from '../../../lib/i18n';
import { useApiAction } from '../../../lib/use-api-action.hook';

type RewardType = 'NAC' | 'ACCOMMODATION_VOUCHER';

const civil = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};
/** Midnight of a date in the operator's zone (where lending is dated), as the API's date-time. */
const japanMidnight = (iso: string) => dateTimeInZone(iso, '00:00', OPERATOR_TIME_ZONE);

/** /staff/lending-products/new: a lending product rewarded in NAC or in nights at a house group. */
export function StaffLendingProductForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const { run, busy } = useApiAction();
  const [rewardType, setRewardType] = useState<RewardType>('NAC');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setProblem(null);
    const f = new FormData(e.currentTarget);
    const s = (name: string) => String(f.get(name) ?? '').trim();
    const n = (name: string) => Number(s(name));
    const common = {
      lendingRewardType: rewardType,
      titleEn: s('titleEn'),
      titleJa: s('titleJa'),
      imageUrl: s('imageUrl'),
      investmentPeriodDays: n('investmentPeriodDays'),
      salesStartAt: japanMidnight(s('salesStart')),
      nacReturnDate: civil(s('returnDate')),
    };
    const res = await run(
      staffCreateLendingProduct,
      rewardType === 'NAC'
        ? {
            ...common,
            unitLendingAmount: s('unitLendingAmount'),
            unitExpectedRewardAmount: s('unitExpectedRewardAmount'),
            stockQuantity: n('stockQuantity'),
          }
        : {
            ...common,
            houseGroupId: s('houseGroupId'),
            standardNightNacAmount: s('standardNightNacAmount'),
            highNightNacAmount: s('highNightNacAmount'),
            standardStockQuantity: n('standardStockQuantity'),
            highStockQuantity: n('highStockQuantity'),
            bookingWindowMonths: n('bookingWindowMonths'),
            bookingWindowDays: n('bookingWindowDays'),
            bookingExpireDate: civil(s('bookingExpireDate')),
          },
    );
    if (res.ok) {
      toast.success(t('lending:staff.form.created'));
      e.currentTarget?.reset();
    } else setProblem(res.message ?? t('lending:staff.failed'));
  }

  const field = (name: string, label: string, type = 'text') => (
    <TextField key={name} id={`lp-${name}`} name={name} label={label} type={type} required />
  );

  return (
    <form className="card lending-staff-form" onSubmit={(e) => void submit(e)}>
      <SelectField
        id="lp-reward-type"
        label={t('lending:staff.form.rewardType')}
        value={rewardType}
        onChange={(e) => setRewardType(e.target.value === 'NAC' ? 'NAC' : 'ACCOMMODATION_VOUCHER')}
      >
        <option value="NAC">{t('lending:staff.form.NAC')}</option>
        <option value="ACCOMMODATION_VOUCHER">{t('lending:staff.form.ACCOMMODATION_VOUCHER')}</option>
      </SelectField>
      {field('titleEn', t('lending:staff.form.titleEn'))}
      {field('titleJa', t('lending:staff.form.titleJa'))}
      <TextField id="lp-imageUrl" name="imageUrl" label={t('lending:staff.form.imageUrl')} />
      {field('investmentPeriodDays', t('lending:staff.form.period'), 'number')}
      {field('salesStart', t('lending:staff.form.salesStart'), 'date')}
      {field('returnDate', t('lending:staff.form.returnDate'), 'date')}
      {rewardType === 'NAC'
        ? [
            field('unitLendingAmount', t('lending:staff.form.unitAmount')),
            field('unitExpectedRewardAmount', t('lending:staff.form.unitReward')),
            field('stockQuantity', t('lending:staff.form.stock'), 'number'),
          ]
        : [
            field('houseGroupId', t('lending:staff.form.houseGroupId')),
            field('standardNightNacAmount', t('lending:staff.form.standardNight')),
            field('highNightNacAmount', t('lending:staff.form.highNight')),
            field('standardStockQuantity', t('lending:staff.form.standardStock'), 'number'),
            field('highStockQuantity', t('lending:staff.form.highStock'), 'number'),
            field('bookingWindowMonths', t('lending:staff.form.windowMonths'), 'number'),
            field('bookingWindowDays', t('lending:staff.form.windowDays'), 'number'),
            field('bookingExpireDate', t('lending:staff.form.expire'), 'date'),
          ]}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Button type="submit" busy={busy}>
        {t('lending:staff.form.submit')}
      </Button>
    </form>
  );
}
