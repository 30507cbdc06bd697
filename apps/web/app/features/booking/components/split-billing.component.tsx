import { MAX_SPLIT_PARTS, splitBilling } from '@yado/contract/billing.contract';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { ModalDialog } from '../../../components/ui/modal-dialog.component';
import { TextField } from '../../../components/ui/text-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';
import { checkSplitDraft, evenSplit, type SplitCheck, type SplitPartDraft } from '../split-parts';

type Props = { billingId: string; total: number; onSplit: () => void };

/**
 * "Split this bill": a dialog of 2 to 10 parts, each yen for a payer (a registered user's email,
 * or empty for the booker), with a live check against the total; split_billing on submit, its
 * refusal shown in the page's language.
 */
export function SplitBilling(p: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="split-billing">
        {t('booking:billing.split.open')}
      </Button>
    );
  }
  return <SplitDialog {...p} onClose={() => setOpen(false)} />;
}

/** The dialog itself: the parts, the live sum, the API's refusal. */
function SplitDialog({ billingId, total, onSplit, onClose }: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [parts, setParts] = useState<SplitPartDraft[]>(() => evenSplit(total, 2));
  const check = checkSplitDraft(total, parts);
  const update = (i: number, patch: Partial<SplitPartDraft>) =>
    setParts(parts.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const { busy, error, submit } = useSplitSubmit(billingId, () => {
    onClose();
    onSplit();
  });

  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-description`}
      onClose={busy ? undefined : onClose}
      className="alert-dialog split-dialog"
      testId="split-dialog"
    >
      <h2 id={`${id}-title`} className="alert-dialog__title">
        {t('booking:billing.split.title')}
      </h2>
      <p id={`${id}-description`} className="muted">
        {t('booking:billing.split.description', { total: formatYen(total, language) })}
      </p>
      <ol className="split-dialog__parts">
        {parts.map((x, i) => (
          <SplitRow
            key={i}
            id={`${id}-${i}`}
            n={i + 1}
            part={x}
            invalid={x.amountText.trim() !== '' && check.amounts[i] === null}
            busy={busy}
            onChange={(patch) => update(i, patch)}
            onRemove={parts.length > 2 ? () => setParts(parts.filter((_, j) => j !== i)) : null}
          />
        ))}
      </ol>
      {parts.length < MAX_SPLIT_PARTS ? (
        <Button
          variant="secondary"
          size="small"
          disabled={busy}
          onClick={() => setParts([...parts, { amountText: '', payerEmail: '' }])}
          data-testid="split-add"
        >
          {t('booking:billing.split.add')}
        </Button>
      ) : null}
      <SplitSum check={check} />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('booking:billing.split.cancel')}
        </Button>
        <Button busy={busy} disabled={!check.ok} onClick={() => void submit(parts, check)} data-testid="split-submit">
          {t('booking:billing.split.submit', { count: parts.length })}
        </Button>
      </div>
    </ModalDialog>
  );
}

/** split_billing with one Idempotency-Key per opened dialog, so a retry of a lost answer never splits twice. */
function useSplitSubmit(billingId: string, onDone: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const submit = async (parts: SplitPartDraft[], check: SplitCheck) => {
    setBusy(true);
    setError(null);
    try {
      const input = parts.map((x, i) => ({
        amount: check.amounts[i] ?? 0,
        ...(x.payerEmail.trim() ? { payerEmail: x.payerEmail.trim() } : {}),
      }));
      await callMethod(splitBilling, { billingId, parts: input }, { headers: { [IDEMPOTENCY_HEADER]: key.current } });
      onDone();
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('booking:billing.split.failed'));
      // A refusal is final for this input; a changed input must not replay it.
      key.current = newIdempotencyKey();
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
}

/** One part: its yen and its payer's email (empty: the booker), and "Remove" while more than two. */
function SplitRow(p: {
  id: string;
  n: number;
  part: SplitPartDraft;
  invalid: boolean;
  busy: boolean;
  onChange: (patch: Partial<SplitPartDraft>) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <li className="split-dialog__part" data-testid="split-row">
      <span className="split-dialog__index" aria-hidden="true">
        {p.n}
      </span>
      <TextField
        id={`${p.id}-amount`}
        className="split-dialog__amount"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        label={t('booking:billing.split.amount', { n: p.n })}
        value={p.part.amountText}
        disabled={p.busy}
        error={p.invalid ? t('booking:billing.split.amountInvalid') : undefined}
        onChange={(e) => p.onChange({ amountText: e.target.value })}
        data-testid="split-amount"
      />
      <TextField
        id={`${p.id}-payer`}
        className="split-dialog__payer"
        type="email"
        autoComplete="off"
        label={t('booking:billing.split.payer', { n: p.n })}
        hint={p.part.payerEmail.trim() ? undefined : t('booking:billing.split.payerMe')}
        value={p.part.payerEmail}
        disabled={p.busy}
        onChange={(e) => p.onChange({ payerEmail: e.target.value })}
        data-testid="split-payer"
      />
      {p.onRemove ? (
        <Button
          variant="secondary"
          size="small"
          className="split-dialog__remove"
          disabled={p.busy}
          onClick={p.onRemove}
          aria-label={t('booking:billing.split.removeLabel', { n: p.n })}
        >
          {t('booking:billing.split.remove')}
        </Button>
      ) : null}
    </li>
  );
}

/** The live sum: what the parts add up to, and what is still to share (or over the total). */
function SplitSum({ check }: { check: SplitCheck }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <dl className="quote__lines split-dialog__sum" aria-live="polite">
      <div className="quote__line">
        <dt>{t('booking:billing.split.sum')}</dt>
        <dd data-testid="split-sum">{formatYen(check.sum, language)}</dd>
      </div>
      <div className={`quote__line quote__line--strong${check.remaining !== 0 ? ' split-dialog__off' : ''}`}>
        <dt>{check.remaining >= 0 ? t('booking:billing.split.remaining') : t('booking:billing.split.over')}</dt>
        <dd data-testid="split-remaining">{formatYen(Math.abs(check.remaining), language)}</dd>
      </div>
    </dl>
  );
}
