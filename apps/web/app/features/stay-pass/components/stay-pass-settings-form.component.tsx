import { staffUpdateStayPassSettings, type StayPassSettings } from '@yado/contract/stay-pass.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useTranslation } from '../../../lib/i18n';
import { maxLengthOf } from '../../../lib/schema-limits';
import { stayPassFieldId, useSaveStayPassSettings } from '../hooks/use-save-stay-pass-settings.hook';
import { stayPassSettingsToForm, type StayPassSettingsFormValues } from '../stay-pass-settings-values';

const shape = staffUpdateStayPassSettings.input.shape;

/**
 * The house-group editor's stay-pass section: Wi-Fi, house rules and the phone to call, which guests
 * see on their pass from the day before check-in. Private: not part of the catalogue form, and never
 * shown to visitors. How to get in (key-box code, door instructions) is edited per house on the
 * doors page, the one source the pass and the booking page both read.
 */
export function StayPassSettingsForm({ settings }: { settings: StayPassSettings }) {
  // The staff pages do not carry these strings; they load with this section.
  const { t, ready } = useTranslation('stay-pass');
  const [values, setValues] = useState(() => stayPassSettingsToForm(settings));
  const save = useSaveStayPassSettings(settings.houseGroupId, values, setValues);
  if (!ready) return null;

  const set = (field: keyof StayPassSettingsFormValues, value: string) => setValues({ ...values, [field]: value });
  const text = (field: keyof StayPassSettingsFormValues & keyof typeof shape) => (
    <TextField
      id={stayPassFieldId(field)}
      label={t(`stay-pass:settings.${field}`)}
      autoComplete="off"
      maxLength={maxLengthOf(shape[field])}
      value={values[field]}
      onChange={(e) => set(field, e.target.value)}
    />
  );
  const area = (field: 'houseRulesEn' | 'houseRulesJa') => (
    <TextAreaField
      id={stayPassFieldId(field)}
      label={t(`stay-pass:settings.${field}`)}
      rows={4}
      maxLength={maxLengthOf(shape[field])}
      value={values[field]}
      onChange={(e) => set(field, e.target.value)}
    />
  );

  return (
    <section
      id="stay-pass-settings"
      className="staff-panel"
      aria-labelledby="stay-pass-settings-heading"
      data-testid="stay-pass-settings"
    >
      <h2 id="stay-pass-settings-heading">{t('stay-pass:settings.heading')}</h2>
      <p className="muted">{t('stay-pass:settings.lead')}</p>
      <form className="staff-subform" noValidate onSubmit={(e) => void save.onSubmit(e)}>
        {save.formError ? <FormAlert title={t('stay-pass:settings.failed')}>{save.formError}</FormAlert> : null}
        {text('wifiNetworkName')}
        {text('wifiPassword')}
        {area('houseRulesEn')}
        {area('houseRulesJa')}
        <TextField
          id={stayPassFieldId('phoneCountryCode')}
          label={t('stay-pass:settings.phoneCountryCode')}
          prefix="+"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={values.phoneCountryCode}
          onChange={(e) => {
            set('phoneCountryCode', e.target.value);
            save.clearPhone();
          }}
        />
        <TextField
          id={stayPassFieldId('phoneNationalNumber')}
          label={t('stay-pass:settings.phoneNationalNumber')}
          hint={t('stay-pass:settings.phoneHint')}
          inputMode="tel"
          autoComplete="off"
          maxLength={20}
          value={values.phoneNationalNumber}
          error={save.phoneError}
          onChange={(e) => {
            set('phoneNationalNumber', e.target.value);
            save.clearPhone();
          }}
        />
        <p className="muted" data-testid="stay-pass-settings-doors">
          {t('stay-pass:settings.doorsHint')}{' '}
          <Link to={`/staff/doors?houseGroup=${encodeURIComponent(settings.houseGroupId)}`}>
            {t('stay-pass:settings.doorsLink')}
          </Link>
        </p>
        <Button type="submit" busy={save.busy} data-testid="stay-pass-settings-save">
          {t('stay-pass:settings.save')}
        </Button>
      </form>
    </section>
  );
}
