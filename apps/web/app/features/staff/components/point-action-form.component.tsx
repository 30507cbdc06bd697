import { staffCreatePointAction } from '@yado/contract/point.contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { ModalDialog } from '../../../components/ui/modal-dialog.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError, isReason } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { formatPoints } from '../../../lib/point-reason';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  checkPointAction,
  MANUAL_REASONS,
  MAX_NOTE_LENGTH,
  type ManualReason,
  type PointActionDraft,
  type PointActionProblems,
} from '../point-action-values';
import { TextAreaField } from '../../../components/ui/text-area-field.component';

type Review = { reason: ManualReason; points: number; note: string; balanceAfter: number };

const isManualReason = (value: string): value is ManualReason => (MANUAL_REASONS as readonly string[]).includes(value);

/**
 * Grants, consumes, refunds or revokes points by hand. The form is checked
 * against the balance shown, then a confirmation dialog says what will happen
 * to the balance; only its confirm button writes the action (with one
 * Idempotency-Key per confirmed attempt, so a retried request counts once).
 * Afterwards the page reloads its balance and ledger.
 */
export function PointActionForm({
  accountId,
  guestName,
  balance,
}: {
  accountId: string;
  guestName: string;
  balance: number;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const blank: PointActionDraft = { reason: 'CONFIRM_MANUAL', points: '', note: '' };
  const [draft, setDraft] = useState<PointActionDraft>(blank);
  const [problems, setProblems] = useState<PointActionProblems>({});
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  const pt = (n: number) => formatPoints(n, language);

  const problemText = (field: 'points' | 'note') => {
    const problem = problems[field];
    if (!problem) return field === 'points' ? (serverProblem ?? undefined) : undefined;
    return t(`staff:points.action.problems.${problem}`, { balance: pt(balance) });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerProblem(null);
    const checked = checkPointAction(draft, balance);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setDialogError(null);
    key.current = newIdempotencyKey();
    setReview({ ...checked.input, balanceAfter: checked.balanceAfter });
  }

  /** The ledger's first page shows the new entry; a later page is left for it. */
  async function refresh() {
    const params = new URLSearchParams(location.search);
    if (params.has('page')) {
      params.delete('page');
      await navigate(`${location.pathname}?${params.toString()}`, { replace: true, preventScrollReset: true });
    } else await revalidator.revalidate();
  }

  async function confirm() {
    if (!review) return;
    key.current ??= newIdempotencyKey();
    setBusy(true);
    setDialogError(null);
    try {
      const result = await callMethod(
        staffCreatePointAction,
        { accountId, reason: review.reason, points: review.points, note: review.note },
        { language, headers: { [IDEMPOTENCY_HEADER]: key.current } },
      );
      toast.success(
        t(`staff:points.action.done.${review.reason}`, { points: pt(review.points), balance: pt(result.balance) }),
      );
      setReview(null);
      setDraft({ ...blank, reason: review.reason });
      key.current = null;
      await refresh();
    } catch (e) {
      if (isApiError(e)) key.current = null;
      if (isReason(e, 'CodeInsufficientPoints')) {
        // The balance changed since the page read it: show the refusal on the field and the current balance.
        setReview(null);
        setServerProblem(e.displayMessage);
        await refresh();
      } else setDialogError(isApiError(e) ? e.displayMessage : t('staff:points.action.failed'));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <section className="staff-panel staff-points__form" aria-labelledby={field('heading')}>
      <h3 id={field('heading')}>{t('staff:points.action.heading')}</h3>
      <form className="staff-points__action" noValidate onSubmit={submit} aria-labelledby={field('heading')}>
        <SelectField
          id={field('reason')}
          label={t('staff:points.action.reason')}
          hint={t(`staff:points.action.hints.${draft.reason}`)}
          value={draft.reason}
          onChange={(e) => {
            const reason = e.target.value;
            if (isManualReason(reason)) setDraft((d) => ({ ...d, reason }));
          }}
        >
          {MANUAL_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`staff:points.action.reasons.${reason}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id={field('points')}
          label={t('staff:points.action.points')}
          inputMode="numeric"
          autoComplete="off"
          value={draft.points}
          error={problemText('points')}
          onChange={(e) => setDraft((d) => ({ ...d, points: e.target.value }))}
        />
        <TextAreaField
          id={field('note')}
          label={t('staff:points.action.note')}
          hint={t('staff:points.action.noteHint')}
          rows={3}
          maxLength={MAX_NOTE_LENGTH}
          value={draft.note}
          error={problemText('note')}
          onChange={(e) => setDraft((d) => ({ ...d, note: e.target.value }))}
          controlClassName="staff-textarea"
        />
        <Button type="submit">{t('staff:points.action.review')}</Button>
      </form>
      {review ? (
        <ModalDialog
          role="alertdialog"
          layer="alert-dialog"
          labelledBy={field('confirm-title')}
          describedBy={field('confirm-description')}
          onClose={() => (busy ? undefined : setReview(null))}
          className="alert-dialog staff-confirm"
          testId="point-action-confirm"
        >
          <h2 id={field('confirm-title')} className="alert-dialog__title">
            {t(`staff:points.action.confirm.${review.reason}`, { points: pt(review.points), name: guestName })}
          </h2>
          <div id={field('confirm-description')} className="alert-dialog__description">
            <dl className="staff-confirm__facts">
              <div>
                <dt>{t('staff:points.action.balanceChange')}</dt>
                <dd data-testid="confirm-balance">
                  {t('staff:points.action.balanceChangeValue', { before: pt(balance), after: pt(review.balanceAfter) })}
                </dd>
              </div>
              <div>
                <dt>{t('staff:points.action.note')}</dt>
                <dd className="staff-confirm__note">{review.note}</dd>
              </div>
            </dl>
            {dialogError ? <FormAlert>{dialogError}</FormAlert> : null}
          </div>
          <div className="staff-confirm__actions">
            <Button variant="secondary" disabled={busy} onClick={() => setReview(null)}>
              {t('staff:points.action.back')}
            </Button>
            <Button busy={busy} onClick={() => void confirm()}>
              {t('staff:points.action.submit')}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}
