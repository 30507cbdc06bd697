import {
  DEFAULT_CONSENT_QUORUM_PERCENT,
  MAX_CONSENT_CHOICES,
  MAX_CONSENT_CONTENT_LENGTH,
  MAX_CONSENT_TITLE_LENGTH,
  MIN_CONSENT_CHOICES,
} from '@yado/contract/supplemental-consent.contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import type { FieldError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useCreateConsent } from '../hooks/use-create-consent.hook';
import { fromJapanLocalInput } from '../japan-time';

type Group = { id: string; name: string };
type ChoiceDraft = { key: number; label: string };

const emptyChoices = (): ChoiceDraft[] => [
  { key: 1, label: '' },
  { key: 2, label: '' },
];

/**
 * A new question to a house group's owners: the title, the content in Markdown, the choices, the
 * answer deadline in Japan time and the quorum.
 */
export function ConsentForm({ houseGroups, houseGroupId }: { houseGroups: Group[]; houseGroupId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const { create, busy } = useCreateConsent();
  const [group, setGroup] = useState(houseGroupId || (houseGroups[0]?.id ?? ''));
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [choices, setChoices] = useState<ChoiceDraft[]>(emptyChoices);
  const [deadline, setDeadline] = useState('');
  const [quorum, setQuorum] = useState(String(DEFAULT_CONSENT_QUORUM_PERCENT));
  const [problem, setProblem] = useState<{ message: string; fields: FieldError[] } | null>(null);

  const setChoice = (key: number, label: string) =>
    setChoices((cs) => cs.map((c) => (c.key === key ? { ...c, label } : c)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answerDeadline = fromJapanLocalInput(deadline);
    const quorumPercent = /^\d{1,3}$/.test(quorum.trim()) ? Number(quorum.trim()) : null;
    if (
      !group ||
      !title.trim() ||
      !content.trim() ||
      !answerDeadline ||
      quorumPercent === null ||
      choices.some((c) => !c.label.trim())
    ) {
      setProblem({ message: t('consent:staff.badInput'), fields: [] });
      return;
    }
    setProblem(null);
    const result = await create({
      houseGroupId: group,
      title,
      contentMarkdown: content,
      choices: choices.map((c) => ({ label: c.label })),
      answerDeadline,
      quorumPercent,
    });
    if (result.ok) {
      toast.success(t('consent:staff.created', { house: result.consent.houseGroupName }));
      setTitle('');
      setContent('');
      setChoices(emptyChoices());
      setDeadline('');
    } else {
      setProblem({ message: result.message ?? t('consent:staff.createFailed'), fields: result.fields });
    }
  }

  return (
    <form className="staff-form consent-form" noValidate onSubmit={(e) => void submit(e)} data-testid="consent-form">
      <div className="consent-form__grid">
        <SelectField
          id={`${id}-group`}
          label={t('consent:staff.houseGroup')}
          value={group}
          onChange={(e) => setGroup(e.target.value)}
        >
          {houseGroups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${id}-deadline`}
          type="datetime-local"
          label={t('consent:staff.deadline')}
          value={deadline}
          onChange={(e) => setDeadline(e.target.value)}
        />
        <TextField
          id={`${id}-quorum`}
          label={t('consent:staff.quorum')}
          inputMode="numeric"
          autoComplete="off"
          value={quorum}
          onChange={(e) => setQuorum(e.target.value)}
        />
      </div>
      <TextField
        id={`${id}-title`}
        label={t('consent:staff.title')}
        maxLength={MAX_CONSENT_TITLE_LENGTH}
        autoComplete="off"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextAreaField
        id={`${id}-content`}
        label={t('consent:staff.content')}
        hint={t('consent:staff.contentHint')}
        rows={8}
        maxLength={MAX_CONSENT_CONTENT_LENGTH}
        controlClassName="consent-form__content"
        value={content}
        onChange={(e) => setContent(e.target.value)}
      />
      <fieldset className="staff-fieldset consent-form__choices">
        <legend className="fieldset__legend">{t('consent:staff.choices')}</legend>
        {choices.map((c, i) => (
          <div key={c.key} className="consent-form__choice" data-testid="consent-choice-row">
            <TextField
              id={`${id}-choice-${c.key}`}
              label={t('consent:staff.choice', { n: i + 1 })}
              autoComplete="off"
              value={c.label}
              onChange={(e) => setChoice(c.key, e.target.value)}
            />
            <Button
              variant="text"
              size="small"
              disabled={choices.length <= MIN_CONSENT_CHOICES}
              onClick={() => setChoices((cs) => cs.filter((x) => x.key !== c.key))}
            >
              {t('consent:staff.removeChoice')}
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="small"
          disabled={choices.length >= MAX_CONSENT_CHOICES}
          onClick={() => setChoices((cs) => [...cs, { key: Math.max(0, ...cs.map((x) => x.key)) + 1, label: '' }])}
          data-testid="consent-add-choice"
        >
          {t('consent:staff.addChoice')}
        </Button>
      </fieldset>
      {problem ? (
        <FormAlert>
          {problem.message}
          {problem.fields.length > 0 ? (
            <ul className="consent-form__problems">
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
        <Button type="submit" busy={busy} data-testid="consent-create">
          {t('consent:staff.create')}
        </Button>
      </div>
    </form>
  );
}
