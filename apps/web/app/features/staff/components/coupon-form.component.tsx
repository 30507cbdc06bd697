import {
  staffCreateCoupon,
  staffDeactivateCoupon,
  staffUpdateCoupon,
  type StaffCoupon,
} from '@yado/contract/coupon.contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  COUPON_FORM_KEYS,
  couponToForm,
  emptyCouponForm,
  toCreateCouponInput,
  toUpdateCouponInput,
  validateCouponForm,
  type CouponFormValues,
} from '../coupon-form-values';
import { useFormErrors } from '../hooks/use-form-errors.hook';
import type { Option } from './house-group-form-sections.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';

type TextKey = Exclude<keyof CouponFormValues, 'allHouseGroups' | 'houseGroupIds' | 'active' | 'discountType'>;

/** A coupon's every field; type and code are fixed once made, since links with them were handed out. */
export function CouponForm({
  coupon,
  houseGroups,
  onSaved,
}: {
  coupon: StaffCoupon | null;
  houseGroups: Option[];
  onSaved?: (saved: StaffCoupon) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<CouponFormValues>(() => (coupon ? couponToForm(coupon) : emptyCouponForm()));
  const [busy, setBusy] = useState<'save' | 'deactivate' | null>(null);
  const [filter, setFilter] = useState('');
  const errors = useFormErrors(COUPON_FORM_KEYS);

  const set = <K extends keyof CouponFormValues>(key: K, value: CouponFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    errors.clearField(key === 'discountValue' || key === 'discountType' ? 'discount' : key);
  };
  const bind = (key: TextKey, errorKey: string = key) => ({
    id: `coupon-${key}`,
    name: key,
    value: values[key],
    error: errors.fieldErrors[errorKey],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateCouponForm(values, coupon === null);
    if (Object.keys(problems).length > 0) return errors.showProblems(problems);
    errors.clear();
    setBusy('save');
    try {
      if (coupon) {
        const saved = await callMethod(staffUpdateCoupon, toUpdateCouponInput(coupon.id, values), { language });
        setValues(couponToForm(saved));
        toast.success(t('staff:saved'));
        onSaved?.(saved);
      } else {
        const saved = await callMethod(staffCreateCoupon, toCreateCouponInput(values), { language });
        toast.success(t('staff:created'));
        await navigate(localizePath(`/staff/coupons/${encodeURIComponent(saved.id)}`, language));
      }
    } catch (error) {
      errors.showError(error);
    } finally {
      setBusy(null);
    }
  }

  async function deactivate() {
    if (!coupon) return;
    setBusy('deactivate');
    try {
      const saved = await callMethod(staffDeactivateCoupon, { couponId: coupon.id }, { language });
      setValues(couponToForm(saved));
      toast.success(t('staff:coupons.deactivated'));
      onSaved?.(saved);
    } catch (error) {
      errors.showError(error);
    } finally {
      setBusy(null);
    }
  }

  const shown = houseGroups.filter(
    (h) => !filter.trim() || `${h.name} ${h.id}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  return (
    <form className="staff-form" noValidate onSubmit={onSubmit} aria-label={t('staff:coupons.formLabel')}>
      {errors.formError ? <FormAlert title={t('staff:problems.title')}>{errors.formError}</FormAlert> : null}
      <fieldset className="fieldset staff-fieldset">
        <legend className="fieldset__legend">{t('staff:coupons.identity')}</legend>
        <div className="grid grid--2">
          <SelectField
            id="coupon-couponType"
            label={t('staff:fields.couponType')}
            value={values.couponType}
            disabled={coupon !== null}
            error={errors.fieldErrors['couponType']}
            onChange={(e) => set('couponType', e.target.value)}
          >
            <option value="CAMPAIGN">{t('staff:coupons.typeCampaign')}</option>
            <option value="PARTNER">{t('staff:coupons.typePartner')}</option>
            <option value="REFERRAL">{t('staff:coupons.typeReferral')}</option>
          </SelectField>
          <TextField
            {...bind('code')}
            label={t('staff:fields.code')}
            hint={t('staff:fields.codeHint')}
            readOnly={coupon !== null}
            autoCapitalize="characters"
          />
          <TextField {...bind('titleEn')} label={t('staff:fields.titleEn')} lang="en" />
          <TextField {...bind('titleJa')} label={t('staff:fields.titleJa')} lang="ja" />
          <TextAreaField
            {...bind('descriptionEn')}
            label={t('staff:fields.descriptionEn')}
            lang="en"
            controlClassName="staff-textarea"
            rows={4}
          />
          <TextAreaField
            {...bind('descriptionJa')}
            label={t('staff:fields.descriptionJa')}
            lang="ja"
            controlClassName="staff-textarea"
            rows={4}
          />
        </div>
      </fieldset>
      <fieldset className="fieldset staff-fieldset">
        <legend className="fieldset__legend">{t('staff:coupons.discountLegend')}</legend>
        <div className="grid grid--2">
          <SelectField
            id="coupon-discountType"
            label={t('staff:fields.discountType')}
            value={values.discountType}
            onChange={(e) => set('discountType', e.target.value as CouponFormValues['discountType'])}
          >
            <option value="PERCENTAGE">{t('staff:coupons.percentage')}</option>
            <option value="AMOUNT">{t('staff:coupons.amount')}</option>
          </SelectField>
          <TextField
            {...bind('discountValue', 'discount')}
            label={values.discountType === 'PERCENTAGE' ? t('staff:fields.percent') : t('staff:fields.amountYen')}
            inputMode="numeric"
            prefix={values.discountType === 'AMOUNT' ? '¥' : undefined}
          />
        </div>
      </fieldset>
      <fieldset className="fieldset staff-fieldset">
        <legend className="fieldset__legend">{t('staff:coupons.whenLegend')}</legend>
        <p className="fieldset__hint">{t('staff:coupons.japanTime')}</p>
        <div className="grid grid--2">
          <TextField {...bind('validFrom')} type="datetime-local" label={t('staff:fields.validFrom')} />
          <TextField
            {...bind('validTo')}
            type="datetime-local"
            label={t('staff:fields.validTo')}
            hint={t('staff:fields.validToHint')}
          />
          <TextField
            {...bind('stayDateFrom')}
            type="date"
            label={t('staff:fields.stayDateFrom')}
            labelNote={t('staff:optional')}
          />
          <TextField
            {...bind('stayDateTo')}
            type="date"
            label={t('staff:fields.stayDateTo')}
            labelNote={t('staff:optional')}
          />
        </div>
      </fieldset>
      <fieldset className="fieldset staff-fieldset">
        <legend className="fieldset__legend">{t('staff:coupons.whereLegend')}</legend>
        <CheckboxField
          id="coupon-allHouseGroups"
          label={t('staff:fields.allHouseGroups')}
          checked={values.allHouseGroups}
          onChange={(e) => set('allHouseGroups', e.target.checked)}
        />
        {!values.allHouseGroups ? (
          <div className="field-group" role="group" aria-labelledby="coupon-house-groups-label">
            <p id="coupon-house-groups-label" className="field-group__label">
              {t('staff:fields.houseGroupIds')}
              <span className="field__note">{t('staff:coupons.chosen', { count: values.houseGroupIds.length })}</span>
            </p>
            <TextField
              id="coupon-hg-filter"
              type="search"
              label={t('staff:coupons.filterHouseGroups')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <div className="staff-checks staff-checks--scroll">
              {shown.map((h) => (
                <CheckboxField
                  key={h.id}
                  id={`coupon-hg-${h.id}`}
                  label={h.name}
                  checked={values.houseGroupIds.includes(h.id)}
                  onChange={(e) =>
                    set(
                      'houseGroupIds',
                      e.target.checked
                        ? [...values.houseGroupIds, h.id]
                        : values.houseGroupIds.filter((x) => x !== h.id),
                    )
                  }
                />
              ))}
            </div>
            {errors.fieldErrors['houseGroupIds'] ? (
              <p className="field__error">{errors.fieldErrors['houseGroupIds']}</p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <fieldset className="fieldset staff-fieldset">
        <legend className="fieldset__legend">{t('staff:coupons.limitsLegend')}</legend>
        <div className="grid grid--2">
          <TextField
            {...bind('limitPerUser')}
            label={t('staff:fields.limitPerUser')}
            hint={t('staff:fields.limitHint')}
            inputMode="numeric"
          />
          <TextField
            {...bind('limitTotal')}
            label={t('staff:fields.limitTotal')}
            hint={t('staff:fields.limitHint')}
            inputMode="numeric"
          />
        </div>
        {coupon ? (
          <CheckboxField
            id="coupon-active"
            label={t('staff:fields.active')}
            checked={values.active}
            onChange={(e) => set('active', e.target.checked)}
          />
        ) : null}
      </fieldset>
      <div className="staff-form__actions">
        <Button type="submit" busy={busy === 'save'}>
          {coupon ? t('staff:save') : t('staff:create')}
        </Button>
        {coupon && values.active ? (
          <Button variant="secondary" busy={busy === 'deactivate'} onClick={() => void deactivate()}>
            {t('staff:coupons.deactivate')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
