import { staffSetStayStyleSuggestions, type StayStyleSuggestion } from '@yado/contract/stay-style.contract';
import { useId, useState } from 'react';
import { Form } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { useTranslation } from '../../../lib/i18n';
import { useApiAction } from '../../../lib/use-api-action.hook';
import { StaffPage } from './staff-page.component';

type Item = { id: string; name: string };

/** Per stay style of one house group, the meals and extra options the booking form suggests first. */
export function StaffStayStyleSuggestionsPage({
  houseGroups,
  houseGroupId,
  suggestions,
  meals,
  extraOptions,
}: {
  houseGroups: Item[];
  houseGroupId: string;
  suggestions: StayStyleSuggestion[];
  meals: Item[];
  extraOptions: Item[];
}) {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('questionnaire:staff.suggestionsHeading')} lead={t('questionnaire:staff.suggestionsLead')}>
      <Form method="get" className="staff-search">
        <SelectField
          id="suggestions-house-group"
          name="houseGroup"
          label={t('questionnaire:staff.houseGroup')}
          defaultValue={houseGroupId}
        >
          {houseGroups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('questionnaire:staff.show')}
        </button>
      </Form>
      {houseGroupId && suggestions.length === 0 ? (
        <p className="staff-empty">{t('questionnaire:staff.noStyles')}</p>
      ) : null}
      {suggestions.map((s) => (
        <SuggestionEditor
          key={`${houseGroupId}-${s.stayStyleId}-${s.mealIds.join()}-${s.extraOptionIds.join()}`}
          houseGroupId={houseGroupId}
          suggestion={s}
          meals={meals}
          extraOptions={extraOptions}
        />
      ))}
    </StaffPage>
  );
}

function SuggestionEditor({
  houseGroupId,
  suggestion: s,
  meals,
  extraOptions,
}: {
  houseGroupId: string;
  suggestion: StayStyleSuggestion;
  meals: Item[];
  extraOptions: Item[];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const { run, busy } = useApiAction();
  const [mealIds, setMealIds] = useState(s.mealIds);
  const [optionIds, setOptionIds] = useState(s.extraOptionIds);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (list: string[], itemId: string, on: boolean) =>
    on ? [...list.filter((x) => x !== itemId), itemId] : list.filter((x) => x !== itemId);

  async function save() {
    setProblem(null);
    const r = await run(staffSetStayStyleSuggestions, {
      houseGroupId,
      stayStyleId: s.stayStyleId,
      mealIds,
      extraOptionIds: optionIds,
    });
    if (r.ok) toast.success(t('questionnaire:staff.suggestionsSaved', { name: s.stayStyleName }));
    else setProblem(r.message ?? t('questionnaire:staff.saveFailed'));
  }

  return (
    <section
      className="staff-panel stay-style-suggestion"
      aria-labelledby={`${id}-heading`}
      data-testid="stay-style-suggestion"
    >
      <h2 id={`${id}-heading`}>{s.stayStyleName}</h2>
      <div className="stay-style-suggestion__columns">
        <fieldset className="staff-fieldset">
          <legend className="fieldset__legend">{t('questionnaire:staff.meals')}</legend>
          {meals.length === 0 ? <p className="muted">{t('questionnaire:staff.noMeals')}</p> : null}
          {meals.map((m) => (
            <CheckboxField
              key={m.id}
              id={`${id}-meal-${m.id}`}
              label={m.name}
              checked={mealIds.includes(m.id)}
              onChange={(e) => setMealIds((l) => toggle(l, m.id, e.target.checked))}
            />
          ))}
        </fieldset>
        <fieldset className="staff-fieldset">
          <legend className="fieldset__legend">{t('questionnaire:staff.options')}</legend>
          {extraOptions.length === 0 ? <p className="muted">{t('questionnaire:staff.noOptions')}</p> : null}
          {extraOptions.map((o) => (
            <CheckboxField
              key={o.id}
              id={`${id}-option-${o.id}`}
              label={o.name}
              checked={optionIds.includes(o.id)}
              onChange={(e) => setOptionIds((l) => toggle(l, o.id, e.target.checked))}
            />
          ))}
        </fieldset>
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <div className="staff-form__actions">
        <Button busy={busy} onClick={() => void save()}>
          {t('questionnaire:staff.saveSuggestions')}
        </Button>
      </div>
    </section>
  );
}
