import { MAX_FREE_TEXT_ANSWER_LENGTH, type BookingQuestionnaire } from '@yado/contract/questionnaire.contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDateOfDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { answersOf, missingRequired, type AnswerDraft } from '../answer-draft';
import { useAnswerQuestionnaire } from '../hooks/use-answer-questionnaire.hook';

type Question = BookingQuestionnaire['questions'][number];

/**
 * A stay's questionnaire: each question with its answer control (five ratings, one choice, a text),
 * sent once; answered, the guest's own answers read back. Texts are rendered as text, never as HTML.
 */
export function QuestionnaireForm({ questionnaire: q }: { questionnaire: BookingQuestionnaire }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const { send, busy } = useAnswerQuestionnaire();
  const [draft, setDraft] = useState<AnswerDraft>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  if (q.answered) return <AnsweredView questionnaire={q} />;

  const set = (questionId: string, value: AnswerDraft[string]) => {
    setDraft((d) => ({ ...d, [questionId]: value }));
    setMissing((m) => m.filter((id) => id !== questionId));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const left = missingRequired(q.questions, draft);
    if (left.length > 0) {
      setMissing(left);
      setProblem(t('questionnaire:guest.missing'));
      document.getElementById(`question-${left[0]}`)?.focus();
      return;
    }
    setProblem(null);
    const r = await send({
      bookingId: q.bookingId,
      questionnaireId: q.questionnaireId,
      answers: answersOf(q.questions, draft),
    });
    if (r.ok) toast.success(t('questionnaire:guest.sent'));
    else setProblem(r.message ?? t('questionnaire:guest.failed'));
  }

  return (
    <form className="questionnaire-form" noValidate onSubmit={(e) => void submit(e)} data-testid="questionnaire-form">
      <p className="muted">
        {t('questionnaire:guest.openUntil', { date: formatDateOfDateTime(q.openUntil, language) })}
      </p>
      <ol className="questionnaire-questions">
        {q.questions.map((question, i) => (
          <li key={question.id} className="card questionnaire-question" data-testid="questionnaire-question">
            <QuestionField
              question={question}
              index={i}
              value={draft[question.id]}
              invalid={missing.includes(question.id)}
              onChange={(v) => set(question.id, v)}
            />
          </li>
        ))}
      </ol>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <div className="page__actions">
        <Button type="submit" size="large" busy={busy} data-testid="questionnaire-submit">
          {t('questionnaire:guest.submit')}
        </Button>
      </div>
    </form>
  );
}

function QuestionLabel({ question, index, id }: { question: Question; index: number; id: string }) {
  const { t } = useTranslation();
  return (
    <span className="questionnaire-question__label" id={id}>
      <span className="questionnaire-question__number">{index + 1}.</span> {question.text}{' '}
      <span className={question.required ? 'badge badge--warning' : 'badge badge--neutral'}>
        {question.required ? t('questionnaire:guest.required') : t('questionnaire:guest.optional')}
      </span>
    </span>
  );
}

function QuestionField({
  question,
  index,
  value,
  invalid,
  onChange,
}: {
  question: Question;
  index: number;
  value: AnswerDraft[string] | undefined;
  invalid: boolean;
  onChange: (v: AnswerDraft[string]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  if (question.type === 'FREE_TEXT') {
    return (
      <TextAreaField
        id={`question-${question.id}`}
        label={`${index + 1}. ${question.text}`}
        labelNote={question.required ? t('questionnaire:guest.required') : t('questionnaire:guest.optional')}
        hint={t('questionnaire:guest.textHint', { max: MAX_FREE_TEXT_ANSWER_LENGTH })}
        error={invalid ? t('questionnaire:guest.missing') : null}
        rows={4}
        maxLength={MAX_FREE_TEXT_ANSWER_LENGTH}
        value={value?.text ?? ''}
        onChange={(e) => onChange({ text: e.target.value })}
      />
    );
  }
  const options =
    question.type === 'RATING'
      ? [1, 2, 3, 4, 5].map((n) => ({
          key: String(n),
          label: String(n),
          title: t('questionnaire:guest.rating', { n }),
        }))
      : question.choices.map((c) => ({ key: c.id, label: c.label, title: c.label }));
  const selected = question.type === 'RATING' ? String(value?.rating ?? '') : (value?.choiceId ?? '');
  return (
    <fieldset
      className={question.type === 'RATING' ? 'questionnaire-rating' : 'questionnaire-choices'}
      aria-labelledby={labelId}
      aria-invalid={invalid || undefined}
    >
      <QuestionLabel question={question} index={index} id={labelId} />
      <div className={question.type === 'RATING' ? 'questionnaire-rating__scale' : 'questionnaire-choices__list'}>
        {options.map((o, i) => (
          <label key={o.key} className="questionnaire-option" title={o.title}>
            <input
              type="radio"
              id={i === 0 ? `question-${question.id}` : undefined}
              name={`question-${question.id}`}
              value={o.key}
              checked={selected === o.key}
              aria-label={question.type === 'RATING' ? o.title : undefined}
              onChange={() => onChange(question.type === 'RATING' ? { rating: Number(o.key) } : { choiceId: o.key })}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {question.type === 'RATING' ? (
        <p className="questionnaire-rating__ends muted" aria-hidden="true">
          <span>{t('questionnaire:guest.ratingLow')}</span>
          <span>{t('questionnaire:guest.ratingHigh')}</span>
        </p>
      ) : null}
      {invalid ? (
        <p className="field__error" role="alert">
          {t('questionnaire:guest.missing')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The guest's answers as sent. */
function AnsweredView({ questionnaire: q }: { questionnaire: BookingQuestionnaire }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const byId = new Map(q.answers.map((a) => [a.questionId, a]));
  return (
    <div className="questionnaire-answered" data-testid="questionnaire-answered">
      <p className="alert alert--success" role="status">
        {t('questionnaire:guest.thanks', { date: q.answeredAt ? formatDateOfDateTime(q.answeredAt, language) : '' })}
      </p>
      <dl className="questionnaire-answered__list">
        {q.questions.map((question, i) => {
          const a = byId.get(question.id);
          const shown =
            a?.rating != null
              ? t('questionnaire:guest.rating', { n: a.rating })
              : a?.choiceId
                ? (question.choices.find((c) => c.id === a.choiceId)?.label ?? '')
                : (a?.text ?? null);
          return (
            <div key={question.id} className="card questionnaire-answered__item">
              <dt>
                {i + 1}. {question.text}
              </dt>
              <dd className={shown ? 'questionnaire-answered__value' : 'muted'}>
                {shown ?? t('questionnaire:guest.noAnswer')}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
