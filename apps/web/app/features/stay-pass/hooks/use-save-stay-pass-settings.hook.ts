import { staffUpdateStayPassSettings, type StayPassSettings } from '@yado/contract/stay-pass.contract';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { contactPhoneOf, stayPassSettingsToForm, type StayPassSettingsFormValues } from '../stay-pass-settings-values';

/** The id of a field of the stay-pass form, so a refusal can focus it. */
export const stayPassFieldId = (key: string) => `stay-pass-settings-${key}`;

/** Saving a house group's stay-pass details: the phone checked first, then the whole form replaced. */
export function useSaveStayPassSettings(
  houseGroupId: string,
  values: StayPassSettingsFormValues,
  setValues: (values: StayPassSettingsFormValues) => void,
) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const contactPhone = contactPhoneOf(values);
    if (contactPhone === 'invalid') {
      setPhoneError(t('stay-pass:settings.phoneInvalid'));
      document.getElementById(stayPassFieldId('phoneNationalNumber'))?.focus();
      return;
    }
    setPhoneError(null);
    setBusy(true);
    try {
      const { settings } = await callMethod(
        staffUpdateStayPassSettings,
        {
          houseGroupId,
          wifiNetworkName: values.wifiNetworkName,
          wifiPassword: values.wifiPassword,
          houseRulesEn: values.houseRulesEn,
          houseRulesJa: values.houseRulesJa,
          contactPhone,
        },
        { language },
      );
      setValues(stayPassSettingsToForm(settings as StayPassSettings));
      toast.success(t('stay-pass:settings.saved'));
    } catch (error) {
      setFormError(isApiError(error) ? error.displayMessage : t('stay-pass:settings.failed'));
    } finally {
      setBusy(false);
    }
  }

  return { onSubmit, busy, phoneError, formError, clearPhone: () => setPhoneError(null) };
}
