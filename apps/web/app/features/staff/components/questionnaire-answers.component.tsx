import type { MethodOutput } from '@yado/contract/method';
import type { staffGetQuestionnaireAnswers } from '@yado/contract/questionnaire.contract';
import { useTranslation } from '../../../lib/i18n';
import { japanTimestamp } from '../japan-time';

type Answers = MethodOutput<typeof staffGetQuestionnaireAnswers>;

/** Per question the count, the average rating with its spread, or each choice's count; then each answer. */
export function QuestionnaireAnswers({ data }: { data: Answers }) {
  const { t } = useTranslation();
  const texts = new Map(data.summary.map((s) => [s.questionId, s.text]));
  return (
    <>
      <section
        className="staff-panel"
        aria-labelledby="questionnaire-summary-heading"
        data-testid="questionnaire-summary"
      >
        <h2 id="questionnaire-summary-heading">{t('questionnaire:staff.summaryHeading')}</h2>
        <p className="muted">{t('questionnaire:staff.summaryCount', { count: data.answerCount })}</p>
        <ol className="questionnaire-summary">
          {data.summary.map((s) => (
            <li key={s.questionId} className="questionnaire-summary__item">
              <p className="questionnaire-summary__question">{s.text}</p>
              <p className="muted">{t('questionnaire:staff.answerCount', { count: s.answerCount })}</p>
              {s.type === 'RATING' ? (
                <>
                  <p className="questionnaire-summary__average" data-testid="questionnaire-average">
                    {s.averageRating
                      ? t('questionnaire:staff.average', { value: s.averageRating })
                      : t('questionnaire:staff.noRatings')}
                  </p>
                  <Bars rows={s.ratingCounts.map((count, i) => ({ label: String(i + 1), count }))} />
                </>
              ) : null}
              {s.type === 'SINGLE_CHOICE' ? (
                <Bars rows={s.choiceCounts.map((c) => ({ label: c.label, count: c.count }))} />
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <section className="staff-panel" aria-labelledby="questionnaire-answers-heading">
        <h2 id="questionnaire-answers-heading">{t('questionnaire:staff.answersHeading')}</h2>
        {data.answers.length === 0 ? (
          <p className="staff-empty">{t('questionnaire:staff.noAnswers')}</p>
        ) : (
          <ul className="questionnaire-answer-list">
            {data.answers.map((a) => (
              <li key={a.bookingId} className="questionnaire-answer" data-testid="staff-questionnaire-answer">
                <p className="questionnaire-answer__who">
                  {t('questionnaire:staff.answerOf', {
                    guest: a.guestName,
                    booking: a.bookingNumber,
                    house: a.houseGroupName,
                  })}
                </p>
                <p className="muted">{t('questionnaire:staff.answeredAt', { date: japanTimestamp(a.answeredAt) })}</p>
                <dl className="questionnaire-answer__list">
                  {a.answers.map((x) => (
                    <div key={x.questionId}>
                      <dt>{texts.get(x.questionId) ?? x.questionId}</dt>
                      <dd>{x.rating !== null ? `${x.rating} / 5` : (x.choiceLabel ?? x.text ?? '')}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** Counts as bars of the largest one's width, each with its number written out. */
function Bars({ rows }: { rows: { label: string; count: number }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <ul className="questionnaire-bars">
      {rows.map((r) => (
        <li key={r.label} className="questionnaire-bars__row">
          <span className="questionnaire-bars__label">{r.label}</span>
          {/* A progress element, not a styled width: the page's content security policy allows no inline styles. */}
          <progress className="questionnaire-bars__track" max={max} value={r.count} aria-hidden="true" />
          <span className="questionnaire-bars__count">{r.count}</span>
        </li>
      ))}
    </ul>
  );
}
