import {
  MAX_CHOICE_LABEL_LENGTH,
  MAX_QUESTION_CHOICES,
  MAX_QUESTION_TEXT_LENGTH,
  MAX_QUESTIONNAIRE_DESCRIPTION_LENGTH,
  MAX_QUESTIONNAIRE_QUESTIONS,
  MAX_QUESTIONNAIRE_TITLE_LENGTH,
  QuestionType,
  staffCreateQuestionnaire,
  staffUpdateQuestionnaire,
  type StaffQuestionnaire,
} from '@yado/contract/questionnaire.contract';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import type { FieldError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useApiAction } from '../../../lib/use-api-action.hook';
import { useIdempotentCreate } from '../../../lib/use-idempotent-create.hook';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  draftOf,
  emptyChoice,
  emptyDraft,
  emptyQuestion,
  inputOf,
  isComplete,
  moved,
  withType,
  type QuestionDraft,
  type QuestionnaireDraft,
} from '../questionnaire-draft';

type Group = { id: string; name: string };

/**
 * A questionnaire's form, new or stored: both titles and descriptions, the house groups (none: all),
 * whether it is offered, and its questions with their types, required flags and choices in both
 * languages. Once answered, the questions' structure is fixed (the API refuses a change of it), so
 * only their texts stay editable here.
 */
export function QuestionnaireEditor({
  questionnaire,
  houseGroups,
}: {
  questionnaire: StaffQuestionnaire | null;
  houseGroups: Group[];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = useLanguage();
  const navigate = useNavigate();
  const id = useId();
  const { create, busy: creating } = useIdempotentCreate(staffCreateQuestionnaire);
  const { run, busy: saving } = useApiAction();
  const [d, setD] = useState<QuestionnaireDraft>(() => (questionnaire ? draftOf(questionnaire) : emptyDraft()));
  const [problem, setProblem] = useState<{ message: string; fields: FieldError[] } | null>(null);
  const locked = questionnaire?.questionsLocked ?? false;

  const patch = (p: Partial<QuestionnaireDraft>) => setD((x) => ({ ...x, ...p }));
  const setQuestion = (key: number, f: (q: QuestionDraft) => QuestionDraft) =>
    setD((x) => ({ ...x, questions: x.questions.map((q) => (q.key === key ? f(q) : q)) }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isComplete(d)) {
      setProblem({ message: t('questionnaire:staff.badInput'), fields: [] });
      return;
    }
    setProblem(null);
    const input = inputOf(d);
    if (!questionnaire) {
      const r = await create(input);
      if (r.ok) {
        toast.success(t('questionnaire:staff.created'));
        void navigate(localizePath(`/staff/questionnaires/${r.output.questionnaire.id}`, language));
      } else setProblem({ message: r.message ?? t('questionnaire:staff.saveFailed'), fields: r.fields });
      return;
    }
    const r = await run(staffUpdateQuestionnaire, {
      ...input,
      questionnaireId: questionnaire.id,
      version: questionnaire.version,
    });
    if (r.ok) toast.success(t('questionnaire:staff.saved'));
    else setProblem({ message: r.message ?? t('questionnaire:staff.saveFailed'), fields: [] });
  }

  return (
    <form
      className="staff-form questionnaire-editor"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="questionnaire-editor"
    >
      <div className="questionnaire-editor__pair">
        <TextField
          id={`${id}-title-en`}
          label={t('questionnaire:staff.titleEn')}
          maxLength={MAX_QUESTIONNAIRE_TITLE_LENGTH}
          autoComplete="off"
          value={d.titleEn}
          onChange={(e) => patch({ titleEn: e.target.value })}
        />
        <TextField
          id={`${id}-title-ja`}
          label={t('questionnaire:staff.titleJa')}
          maxLength={MAX_QUESTIONNAIRE_TITLE_LENGTH}
          autoComplete="off"
          value={d.titleJa}
          onChange={(e) => patch({ titleJa: e.target.value })}
        />
        <TextAreaField
          id={`${id}-description-en`}
          label={t('questionnaire:staff.descriptionEn')}
          maxLength={MAX_QUESTIONNAIRE_DESCRIPTION_LENGTH}
          value={d.descriptionEn}
          onChange={(e) => patch({ descriptionEn: e.target.value })}
        />
        <TextAreaField
          id={`${id}-description-ja`}
          label={t('questionnaire:staff.descriptionJa')}
          maxLength={MAX_QUESTIONNAIRE_DESCRIPTION_LENGTH}
          value={d.descriptionJa}
          onChange={(e) => patch({ descriptionJa: e.target.value })}
        />
      </div>
      <CheckboxField
        id={`${id}-active`}
        label={t('questionnaire:staff.activeLabel')}
        checked={d.active}
        onChange={(e) => patch({ active: e.target.checked })}
      />
      <fieldset className="staff-fieldset questionnaire-editor__scope">
        <legend className="fieldset__legend">{t('questionnaire:staff.scope')}</legend>
        <p className="muted">{t('questionnaire:staff.scopeHint')}</p>
        <div className="questionnaire-editor__groups">
          {houseGroups.map((g) => (
            <CheckboxField
              key={g.id}
              id={`${id}-group-${g.id}`}
              label={g.name}
              checked={d.houseGroupIds.includes(g.id)}
              onChange={(e) =>
                patch({
                  houseGroupIds: e.target.checked
                    ? [...d.houseGroupIds, g.id]
                    : d.houseGroupIds.filter((x) => x !== g.id),
                })
              }
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="staff-fieldset">
        <legend className="fieldset__legend">{t('questionnaire:staff.questions')}</legend>
        {locked ? <p className="alert alert--info">{t('questionnaire:staff.locked')}</p> : null}
        <ol className="questionnaire-editor__questions">
          {d.questions.map((q, i) => (
            <li key={q.key} className="questionnaire-editor__question" data-testid="questionnaire-editor-question">
              <QuestionEditor
                question={q}
                index={i}
                count={d.questions.length}
                locked={locked}
                idPrefix={`${id}-q${q.key}`}
                onChange={(f) => setQuestion(q.key, f)}
                onMove={(by) => patch({ questions: moved(d.questions, i, by) })}
                onRemove={() => patch({ questions: d.questions.filter((x) => x.key !== q.key) })}
              />
            </li>
          ))}
        </ol>
        {locked ? null : (
          <Button
            variant="secondary"
            size="small"
            disabled={d.questions.length >= MAX_QUESTIONNAIRE_QUESTIONS}
            onClick={() => patch({ questions: [...d.questions, emptyQuestion('RATING')] })}
            data-testid="questionnaire-add-question"
          >
            {t('questionnaire:staff.addQuestion')}
          </Button>
        )}
      </fieldset>
      {problem ? (
        <FormAlert>
          {problem.message}
          {problem.fields.length > 0 ? (
            <ul>
              {problem.fields.map((f) => (
                <li key={`${f.field}-${f.description}`}>
                  {f.field}: {f.description}
                </li>
              ))}
            </ul>
          ) : null}
        </FormAlert>
      ) : null}
      <div className="staff-form__actions">
        <Button type="submit" busy={creating || saving} data-testid="questionnaire-save">
          {questionnaire ? t('questionnaire:staff.save') : t('questionnaire:staff.create')}
        </Button>
      </div>
    </form>
  );
}

function QuestionEditor({
  question: q,
  index,
  count,
  locked,
  idPrefix,
  onChange,
  onMove,
  onRemove,
}: {
  question: QuestionDraft;
  index: number;
  count: number;
  locked: boolean;
  idPrefix: string;
  onChange: (f: (q: QuestionDraft) => QuestionDraft) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="questionnaire-editor__question-body">
      <div className="questionnaire-editor__question-head">
        <h3>{t('questionnaire:staff.question', { n: index + 1 })}</h3>
        {locked ? null : (
          <div className="questionnaire-editor__question-actions">
            <Button variant="text" size="small" disabled={index === 0} onClick={() => onMove(-1)}>
              {t('questionnaire:staff.moveUp')}
            </Button>
            <Button variant="text" size="small" disabled={index === count - 1} onClick={() => onMove(1)}>
              {t('questionnaire:staff.moveDown')}
            </Button>
            <Button variant="text" size="small" disabled={count <= 1} onClick={onRemove}>
              {t('questionnaire:staff.removeQuestion')}
            </Button>
          </div>
        )}
      </div>
      <div className="questionnaire-editor__pair">
        <SelectField
          id={`${idPrefix}-type`}
          label={t('questionnaire:staff.type')}
          value={q.type}
          disabled={locked}
          onChange={(e) => onChange((x) => withType(x, QuestionType.parse(e.target.value)))}
        >
          {QuestionType.options.map((type) => (
            <option key={type} value={type}>
              {t(`questionnaire:staff.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <CheckboxField
          id={`${idPrefix}-required`}
          label={t('questionnaire:staff.requiredLabel')}
          checked={q.required}
          disabled={locked}
          onChange={(e) => onChange((x) => ({ ...x, required: e.target.checked }))}
        />
        <TextField
          id={`${idPrefix}-text-en`}
          label={t('questionnaire:staff.textEn')}
          maxLength={MAX_QUESTION_TEXT_LENGTH}
          autoComplete="off"
          value={q.textEn}
          onChange={(e) => onChange((x) => ({ ...x, textEn: e.target.value }))}
        />
        <TextField
          id={`${idPrefix}-text-ja`}
          label={t('questionnaire:staff.textJa')}
          maxLength={MAX_QUESTION_TEXT_LENGTH}
          autoComplete="off"
          value={q.textJa}
          onChange={(e) => onChange((x) => ({ ...x, textJa: e.target.value }))}
        />
      </div>
      {q.type === 'SINGLE_CHOICE' ? (
        <div className="questionnaire-editor__choices">
          <p className="fieldset__legend">{t('questionnaire:staff.choices')}</p>
          {q.choices.map((c, ci) => (
            <div key={c.key} className="questionnaire-editor__choice">
              <TextField
                id={`${idPrefix}-choice-${c.key}-en`}
                label={t('questionnaire:staff.choiceEn', { n: ci + 1 })}
                maxLength={MAX_CHOICE_LABEL_LENGTH}
                autoComplete="off"
                value={c.labelEn}
                onChange={(e) =>
                  onChange((x) => ({
                    ...x,
                    choices: x.choices.map((y) => (y.key === c.key ? { ...y, labelEn: e.target.value } : y)),
                  }))
                }
              />
              <TextField
                id={`${idPrefix}-choice-${c.key}-ja`}
                label={t('questionnaire:staff.choiceJa', { n: ci + 1 })}
                maxLength={MAX_CHOICE_LABEL_LENGTH}
                autoComplete="off"
                value={c.labelJa}
                onChange={(e) =>
                  onChange((x) => ({
                    ...x,
                    choices: x.choices.map((y) => (y.key === c.key ? { ...y, labelJa: e.target.value } : y)),
                  }))
                }
              />
              {locked ? null : (
                <Button
                  variant="text"
                  size="small"
                  disabled={q.choices.length <= 2}
                  onClick={() => onChange((x) => ({ ...x, choices: x.choices.filter((y) => y.key !== c.key) }))}
                >
                  {t('questionnaire:staff.removeChoice')}
                </Button>
              )}
            </div>
          ))}
          {locked ? null : (
            <Button
              variant="secondary"
              size="small"
              disabled={q.choices.length >= MAX_QUESTION_CHOICES}
              onClick={() => onChange((x) => ({ ...x, choices: [...x.choices, emptyChoice()] }))}
            >
              {t('questionnaire:staff.addChoice')}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
