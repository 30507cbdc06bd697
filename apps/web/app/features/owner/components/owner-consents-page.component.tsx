import type { SupplementalConsent } from '@yado/contract/supplemental-consent.contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { MarkdownContent } from '../../../components/markdown-content.component';
import { useAnswerConsent } from '../hooks/use-answer-consent.hook';
import { OwnerLayout } from './owner-layout.component';

export type OwnerConsent = SupplementalConsent & { contentHtml: string };

const BADGE: Record<string, string> = {
  UNANSWERED: 'owner-badge--pending',
  ANSWERED: 'owner-badge--accepted',
  ANSWER_DEADLINE_EXPIRED: 'owner-badge--expired',
};

/** The operator's questions to the owner: each rendered, with its choices while it is open, else the answer given. */
export function OwnerConsentsPage({ consents }: { consents: OwnerConsent[] }) {
  const { t } = useTranslation();
  return (
    <OwnerLayout title={t('consent:owner.heading')} lead={t('consent:owner.lead')}>
      <div className="consent-owner">
        {consents.length === 0 ? (
          <p className="owner-empty" data-testid="consent-none">
            {t('consent:owner.none')}
          </p>
        ) : (
          consents.map((c) => <ConsentCard key={c.id} consent={c} />)
        )}
      </div>
    </OwnerLayout>
  );
}

function ConsentCard({ consent }: { consent: OwnerConsent }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const answered = consent.choices.find((c) => c.id === consent.answeredChoiceId);
  return (
    <article
      className="owner-card consent-card"
      aria-labelledby={headingId}
      data-testid="consent"
      data-status={consent.answerStatus}
    >
      <header className="consent-card__header">
        <div>
          <p className="owner-eyebrow">{consent.houseGroupName}</p>
          <h2 id={headingId} className="owner-card__title">
            {consent.title}
          </h2>
        </div>
        <span className={`owner-badge ${BADGE[consent.answerStatus] ?? ''}`} data-testid="consent-status">
          {t(`consent:status.${consent.answerStatus}`)}
        </span>
      </header>
      <p className="consent-card__dates">
        <span className={consent.answerStatus === 'UNANSWERED' ? 'consent-card__deadline' : undefined}>
          {t('consent:owner.deadline', { at: formatDateTime(consent.answerDeadline, language) })}
        </span>
        <span>{t('consent:owner.sentAt', { at: formatDateTime(consent.notifiedAt, language) })}</span>
      </p>
      <MarkdownContent html={consent.contentHtml} className="consent-card__content" />
      {consent.answerStatus === 'UNANSWERED' ? <AnswerForm consent={consent} /> : null}
      {consent.answerStatus === 'ANSWERED' && answered && consent.answeredAt ? (
        <p className="consent-card__answer" data-testid="consent-answer">
          {t('consent:owner.answered', {
            choice: answered.label,
            at: formatDateTime(consent.answeredAt, language),
          })}
        </p>
      ) : null}
      {consent.answerStatus === 'ANSWER_DEADLINE_EXPIRED' ? (
        <p className="owner-note">{t('consent:owner.expired')}</p>
      ) : null}
    </article>
  );
}

function AnswerForm({ consent }: { consent: OwnerConsent }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const { answer, busy } = useAnswerConsent();
  const [choice, setChoice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!choice) {
      setProblem(t('consent:owner.choose'));
      return;
    }
    setProblem(null);
    const result = await answer(consent.id, choice);
    if (result.ok) toast.success(t('consent:owner.sent'));
    else setProblem(result.message ?? t('consent:owner.failed'));
  }

  return (
    <form className="consent-answer" noValidate onSubmit={(e) => void submit(e)} data-testid="consent-answer-form">
      <fieldset className="consent-answer__choices">
        <legend className="consent-answer__legend">{t('consent:owner.yourAnswer')}</legend>
        {consent.choices.map((c) => (
          <label key={c.id} className="consent-choice" htmlFor={`${id}-${c.id}`}>
            <input
              id={`${id}-${c.id}`}
              type="radio"
              name={`${id}-choice`}
              value={c.id}
              checked={choice === c.id}
              onChange={() => setChoice(c.id)}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </fieldset>
      <p className="owner-note consent-answer__once">{t('consent:owner.once')}</p>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <div className="consent-answer__actions">
        <Button type="submit" busy={busy} data-testid="consent-send">
          {t('consent:owner.send')}
        </Button>
      </div>
    </form>
  );
}
