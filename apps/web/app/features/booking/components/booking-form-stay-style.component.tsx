import type { StayStyleSuggestion } from '@yado/contract/stay-style.contract';
import { SelectField } from '../../../components/ui/select-field.component';
import { useTranslation } from '../../../lib/i18n';
import type { BookingFormPart } from '../booking-form-state';
import { BookingSection } from './booking-section.component';

/** The house group's stay styles; the one chosen is stored on the booking and orders the suggestions. */
export function BookingStayStyleSection({
  stayStyles,
  s,
  update,
}: BookingFormPart & { stayStyles: StayStyleSuggestion[] }) {
  const { t } = useTranslation();
  return (
    <BookingSection
      id="stay-style"
      title={t('questionnaire:stayStyle.heading')}
      lead={t('questionnaire:stayStyle.lead')}
    >
      <SelectField
        id="booking-stay-style"
        label={t('questionnaire:stayStyle.label')}
        value={s.stayStyleId}
        onChange={(e) => update({ stayStyleId: e.target.value })}
      >
        <option value="">{t('questionnaire:stayStyle.none')}</option>
        {stayStyles.map((style) => (
          <option key={style.stayStyleId} value={style.stayStyleId}>
            {style.stayStyleName}
          </option>
        ))}
      </SelectField>
    </BookingSection>
  );
}
