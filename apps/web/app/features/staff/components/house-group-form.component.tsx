import type { StaffHouseGroup } from '@yado/contract/staff-catalogue.contract';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useTranslation } from '../../../lib/i18n';
import { useHouseGroupFields } from '../hooks/use-house-group-fields.hook';
import { useSaveHouseGroup } from '../hooks/use-save-house-group.hook';
import {
  HouseGroupBasics,
  HouseGroupCapacity,
  HouseGroupConcept,
  HouseGroupLocation,
  HouseGroupOperation,
  HouseGroupPrices,
  type Option,
} from './house-group-form-sections.component';
import { HouseGroupPolicies } from './house-group-policies.component';

/**
 * Every field of a house group as the staff contract has it, in both
 * languages. Saving replaces the whole form, so what is shown is what is saved.
 */
export function HouseGroupForm({
  houseGroup,
  places,
  stayStyles,
  onSaved,
}: {
  houseGroup: StaffHouseGroup | null;
  places: Option[];
  stayStyles: Option[];
  onSaved?: (saved: StaffHouseGroup) => void;
}) {
  const { t } = useTranslation();
  const f = useHouseGroupFields(houseGroup, places[0]?.id ?? '');
  const { onSubmit, busy } = useSaveHouseGroup(houseGroup, f, onSaved);
  return (
    <form className="staff-form" noValidate onSubmit={onSubmit} aria-label={t('staff:houseGroups.formLabel')}>
      {f.errors.formError ? <FormAlert title={t('staff:problems.title')}>{f.errors.formError}</FormAlert> : null}
      <HouseGroupBasics f={f} isNew={!houseGroup} places={places} stayStyles={stayStyles} />
      <HouseGroupCapacity f={f} />
      <HouseGroupPrices f={f} />
      <HouseGroupPolicies f={f} />
      <HouseGroupLocation f={f} />
      <HouseGroupConcept f={f} />
      <HouseGroupOperation f={f} />
      <div className="staff-form__actions staff-form__actions--sticky">
        <Button type="submit" busy={busy}>
          {houseGroup ? t('staff:save') : t('staff:create')}
        </Button>
      </div>
    </form>
  );
}
