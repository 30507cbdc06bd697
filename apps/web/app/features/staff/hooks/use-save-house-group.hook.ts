import {
  staffCreateHouseGroup,
  staffUpdateHouseGroup,
  type StaffHouseGroup,
} from '@yado/contract/staff-catalogue.contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  houseGroupToForm,
  toCreateHouseGroupInput,
  toUpdateHouseGroupInput,
  validateHouseGroupForm,
} from '../house-group-form-values';
import { houseGroupFieldId, type HouseGroupFields } from './use-house-group-fields.hook';

/**
 * Saving the house group form: checks it first (focusing the first field in
 * error), then updates the house group and shows what was saved, or creates
 * it and opens its page.
 */
export function useSaveHouseGroup(
  houseGroup: StaffHouseGroup | null,
  f: HouseGroupFields,
  onSaved?: (saved: StaffHouseGroup) => void,
) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const { values, errors } = f;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateHouseGroupForm(values);
    if (Object.keys(problems).length > 0) {
      errors.showProblems(problems);
      document.getElementById(houseGroupFieldId(Object.keys(problems)[0] as string))?.focus();
      return;
    }
    errors.clear();
    setBusy(true);
    try {
      if (houseGroup) {
        const saved = await callMethod(staffUpdateHouseGroup, toUpdateHouseGroupInput(houseGroup.id, values), {
          language,
        });
        f.setValues(houseGroupToForm(saved));
        toast.success(t('staff:saved'));
        onSaved?.(saved);
      } else {
        const saved = await callMethod(staffCreateHouseGroup, toCreateHouseGroupInput(values), { language });
        toast.success(t('staff:created'));
        await navigate(localizePath(`/staff/house-groups/${encodeURIComponent(saved.id)}`, language));
      }
    } catch (error) {
      errors.showError(error);
    } finally {
      setBusy(false);
    }
  }

  return { onSubmit, busy };
}
