import {
  MAX_OWNER_CHARGE,
  staffUpdateOwnerSettings,
  type HouseGroupOwnerSettings,
} from '@yado/contract/ownership.contract';
import { useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  OWNER_SETTINGS_FORM_KEYS,
  ownerSettingsToForm,
  toOwnerSettingsInput,
  validateOwnerSettingsForm,
  type OwnerSettingsFormValues,
} from '../owner-settings-values';
import { useFormErrors } from './use-form-errors.hook';

/** The id of a field of the owner-settings form, so a refusal can focus it. */
export const ownerSettingsFieldId = (key: string) => `owner-settings-${key}`;

/**
 * Saving a house group's owner settings: checks the charges first (focusing the first one in
 * error), then sends them with one Idempotency-Key per attempt, shows what was saved and says so.
 */
export function useSaveOwnerSettings(
  houseGroupId: string,
  values: OwnerSettingsFormValues,
  setValues: (values: OwnerSettingsFormValues) => void,
  onSaved: (settings: HouseGroupOwnerSettings) => void,
) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const errors = useFormErrors(OWNER_SETTINGS_FORM_KEYS);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateOwnerSettingsForm(values);
    const messages = Object.fromEntries(
      Object.entries(found).map(([field, problem]) => [
        field,
        problem === 'range'
          ? t('staff:ownerSettings.problems.range', { max: formatYen(MAX_OWNER_CHARGE, language) })
          : t('staff:ownerSettings.problems.yen'),
      ]),
    );
    setProblems(messages);
    errors.clear();
    const first = Object.keys(messages)[0];
    if (first !== undefined) {
      document.getElementById(ownerSettingsFieldId(first))?.focus();
      return;
    }
    setBusy(true);
    key.current ??= newIdempotencyKey();
    try {
      const { settings } = await callMethod(staffUpdateOwnerSettings, toOwnerSettingsInput(houseGroupId, values), {
        language,
        headers: { [IDEMPOTENCY_HEADER]: key.current },
      });
      key.current = null;
      setValues(ownerSettingsToForm(settings));
      toast.success(t('staff:ownerSettings.saved'));
      onSaved(settings);
    } catch (error) {
      // A refusal is final for these values; only a lost answer is retried with the same key.
      if (isApiError(error)) key.current = null;
      errors.showError(error);
    } finally {
      setBusy(false);
    }
  }

  return {
    onSubmit,
    busy,
    formError: errors.formError,
    fieldError: (field: string) => problems[field] ?? errors.fieldErrors[field],
    clearField(field: string) {
      errors.clearField(field);
      setProblems((current) => {
        if (!(field in current)) return current;
        const rest = { ...current };
        delete rest[field];
        return rest;
      });
    },
  };
}
