import { staffCreatePlace, staffUpdatePlace, type StaffPlace } from '@yado/contract/staff-catalogue.contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useFormErrors } from '../hooks/use-form-errors.hook';
import {
  emptyPlaceForm,
  PLACE_FORM_KEYS,
  placeToForm,
  toCreatePlaceInput,
  toUpdatePlaceInput,
  validatePlaceForm,
  type PlaceFormValues,
} from '../place-form-values';
import { TextAreaField } from '../../../components/ui/text-area-field.component';

type TextKey = Exclude<keyof PlaceFormValues, 'audiences'>;

/** A place in both languages: create (with an optional id) or replace every field. */
export function PlaceForm({ place, onSaved }: { place: StaffPlace | null; onSaved?: (place: StaffPlace) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<PlaceFormValues>(() => (place ? placeToForm(place) : emptyPlaceForm()));
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors(PLACE_FORM_KEYS);

  const bind = (key: TextKey) => ({
    id: `place-${key.replace('.', '-')}`,
    name: key,
    value: values[key],
    error: errors.fieldErrors[key],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [key]: e.target.value }));
      errors.clearField(key);
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validatePlaceForm(values);
    if (Object.keys(problems).length > 0) return errors.showProblems(problems);
    errors.clear();
    setBusy(true);
    try {
      if (place) {
        const saved = await callMethod(staffUpdatePlace, toUpdatePlaceInput(place.id, values), { language });
        setValues(placeToForm(saved));
        toast.success(t('staff:saved'));
        onSaved?.(saved);
      } else {
        const saved = await callMethod(staffCreatePlace, toCreatePlaceInput(values), { language });
        toast.success(t('staff:created'));
        await navigate(localizePath(`/staff/places/${encodeURIComponent(saved.id)}`, language));
      }
    } catch (error) {
      errors.showError(error);
    } finally {
      setBusy(false);
    }
  }

  const toggleAudience = (audience: string, on: boolean) => {
    setValues((v) => ({
      ...v,
      audiences: on ? [...new Set([...v.audiences, audience])] : v.audiences.filter((a) => a !== audience),
    }));
    errors.clearField('audiences');
  };

  return (
    <form className="staff-form" noValidate onSubmit={onSubmit} aria-label={t('staff:places.formLabel')}>
      {errors.formError ? <FormAlert title={t('staff:problems.title')}>{errors.formError}</FormAlert> : null}
      {!place ? (
        <TextField
          {...bind('id')}
          label={t('staff:fields.slug')}
          hint={t('staff:fields.slugHint')}
          labelNote={t('staff:optional')}
        />
      ) : null}
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('staff:places.nameLegend')}</legend>
        <div className="grid grid--2">
          <TextField {...bind('nameEn')} label={t('staff:fields.nameEn')} lang="en" required />
          <TextField {...bind('nameJa')} label={t('staff:fields.nameJa')} lang="ja" required />
          <TextField {...bind('prefectureEn')} label={t('staff:fields.prefectureEn')} lang="en" required />
          <TextField {...bind('prefectureJa')} label={t('staff:fields.prefectureJa')} lang="ja" required />
          <TextField {...bind('cityEn')} label={t('staff:fields.cityEn')} lang="en" required />
          <TextField {...bind('cityJa')} label={t('staff:fields.cityJa')} lang="ja" required />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('staff:places.contactLegend')}</legend>
        <div className="grid grid--phone">
          <TextField
            {...bind('phoneNumber.countryCode')}
            label={t('staff:fields.phoneCountryCode')}
            prefix="+"
            inputMode="numeric"
          />
          <TextField
            {...bind('phoneNumber.nationalNumber')}
            label={t('staff:fields.phoneNationalNumber')}
            labelNote={t('staff:optional')}
            type="tel"
          />
        </div>
        <div className="field-group" role="group" aria-labelledby="place-audiences-label">
          <p id="place-audiences-label" className="field-group__label">
            {t('staff:fields.audiences')}
          </p>
          <div className="staff-checks">
            <CheckboxField
              id="place-audience-guest"
              label={t('staff:fields.audienceGuest')}
              checked={values.audiences.includes('GUEST')}
              onChange={(e) => toggleAudience('GUEST', e.target.checked)}
            />
            <CheckboxField
              id="place-audience-owner"
              label={t('staff:fields.audienceOwner')}
              checked={values.audiences.includes('OWNER')}
              onChange={(e) => toggleAudience('OWNER', e.target.checked)}
            />
          </div>
          {errors.fieldErrors['audiences'] ? <p className="field__error">{errors.fieldErrors['audiences']}</p> : null}
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('staff:places.descriptionLegend')}</legend>
        <div className="grid grid--2">
          <TextAreaField
            {...bind('descriptionEn')}
            label={t('staff:fields.descriptionEn')}
            lang="en"
            rows={6}
            controlClassName="staff-textarea"
          />
          <TextAreaField
            {...bind('descriptionJa')}
            label={t('staff:fields.descriptionJa')}
            lang="ja"
            rows={6}
            controlClassName="staff-textarea"
          />
        </div>
      </fieldset>
      <div className="staff-form__actions">
        <Button type="submit" busy={busy}>
          {place ? t('staff:save') : t('staff:create')}
        </Button>
      </div>
    </form>
  );
}
