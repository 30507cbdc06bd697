import type { HouseGroupOwnerSettings } from '@yado/contract/ownership.contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { FieldError } from '../../../components/ui/field-message.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useTranslation } from '../../../lib/i18n';
import { ownerSettingsFieldId, useSaveOwnerSettings } from '../hooks/use-save-owner-settings.hook';
import { ownerSettingsToForm, type OwnerSettingsCharge } from '../owner-settings-values';

/** The anchor of the section, linked from the top of the house-group page. */
export const OWNER_SETTINGS_ANCHOR = 'owner-settings';

/**
 * What a house group asks of its owners and of owners from elsewhere in the network: the own-use
 * fee per stay and the mutual-use extra charge per night (yen before consumption tax), whether a
 * standard slot may pay for a HIGH night, and whether the group takes part in mutual use. Owners'
 * bookings read them when quoted; bookings made earlier keep the fees they were quoted.
 */
export function OwnerSettingsForm({
  settings,
  onSaved,
}: {
  settings: HouseGroupOwnerSettings;
  onSaved: (settings: HouseGroupOwnerSettings) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => ownerSettingsToForm(settings));
  const save = useSaveOwnerSettings(settings.houseGroupId, values, setValues, onSaved);

  const charge = (field: OwnerSettingsCharge) => (
    <TextField
      id={ownerSettingsFieldId(field)}
      label={t(`staff:ownerSettings.${field}`)}
      hint={t(`staff:ownerSettings.${field}Hint`)}
      prefix="¥"
      inputMode="numeric"
      autoComplete="off"
      value={values[field]}
      error={save.fieldError(field)}
      onChange={(e) => {
        setValues({ ...values, [field]: e.target.value });
        save.clearField(field);
      }}
    />
  );

  const toggle = (field: 'allowHighSubstitute' | 'inOwnerNetwork') => {
    const id = ownerSettingsFieldId(field);
    const error = save.fieldError(field);
    return (
      <div className="staff-owner-settings__switch">
        <CheckboxField
          id={id}
          label={t(`staff:ownerSettings.${field}`)}
          checked={values[field]}
          aria-describedby={[`${id}-help`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
          onChange={(e) => {
            setValues({ ...values, [field]: e.target.checked });
            save.clearField(field);
          }}
        />
        <p id={`${id}-help`} className="field__hint">
          {t(`staff:ownerSettings.${field}Hint`)}
        </p>
        <FieldError id={id} error={error} />
      </div>
    );
  };

  return (
    <section
      id={OWNER_SETTINGS_ANCHOR}
      className="staff-panel staff-owner-settings"
      aria-labelledby="owner-settings-heading"
      data-testid="owner-settings"
    >
      <h2 id="owner-settings-heading">{t('staff:ownerSettings.heading')}</h2>
      <p className="muted">{t('staff:ownerSettings.lead')}</p>
      <form className="staff-subform" noValidate onSubmit={(e) => void save.onSubmit(e)}>
        {save.formError ? <FormAlert title={t('staff:problems.title')}>{save.formError}</FormAlert> : null}
        {charge('ownUseFee')}
        {charge('mutualUseExtraChargePerDay')}
        {toggle('allowHighSubstitute')}
        {toggle('inOwnerNetwork')}
        {charge('managementFeePerMonth')}
        <SelectField
          id={ownerSettingsFieldId('statementCycle')}
          label={t('staff:ownerSettings.statementCycle')}
          hint={t('staff:ownerSettings.statementCycleHint')}
          value={values.statementCycle}
          error={save.fieldError('statementCycle')}
          onChange={(e) => {
            setValues({ ...values, statementCycle: e.target.value === 'SEMESTER' ? 'SEMESTER' : 'MONTHLY' });
            save.clearField('statementCycle');
          }}
        >
          <option value="MONTHLY">{t('staff:ownerSettings.cycle.MONTHLY')}</option>
          <option value="SEMESTER">{t('staff:ownerSettings.cycle.SEMESTER')}</option>
        </SelectField>
        <Button type="submit" busy={save.busy}>
          {t('staff:ownerSettings.save')}
        </Button>
      </form>
    </section>
  );
}
