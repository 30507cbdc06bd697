import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { showToast } from '../../../components/ui/use-toast.hook';
import { useTranslation } from '../../../lib/i18n';
import { formatNacAmount } from '../../../lib/format-nac';
import { useNacTransfer, type TransferDirection } from '../hooks/use-nac-transfer.hook';

/**
 * Moving NAC between the exchange and the balance here: one amount, and the direction chosen by
 * the button. The amount's rules are the server's (more than zero, at most 8 places); its refusal
 * is shown under the field in the page's language.
 */
export function WalletTransferForm({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [missing, setMissing] = useState(false);
  const { start, busy, error, clearError } = useNacTransfer(t('wallet:transfer.failed'));

  const submit = async (direction: TransferDirection) => {
    const nacAmount = amount.trim();
    if (!nacAmount) {
      setMissing(true);
      return;
    }
    const transfer = await start(direction, nacAmount);
    if (!transfer) return;
    showToast(
      t(direction === 'DEPOSIT' ? 'wallet:transfer.depositStarted' : 'wallet:transfer.withdrawStarted', {
        amount: formatNacAmount(transfer.amount),
      }),
      'success',
    );
    setAmount('');
    onStarted();
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Enter in the field deposits: the common case, and the one that cannot overdraw.
    void submit('DEPOSIT');
  };

  const fieldError = missing ? t('wallet:transfer.amountRequired') : error?.field ? error.message : null;
  return (
    <section className="card wallet-transfer" aria-labelledby="wallet-transfer-heading">
      <h2 id="wallet-transfer-heading" className="wallet-label">
        {t('wallet:transfer.heading')}
      </h2>
      <p className="wallet-small">{t('wallet:transfer.body')}</p>
      <form onSubmit={onSubmit} noValidate data-testid="nac-transfer-form">
        <TextField
          id="nac-amount"
          label={t('wallet:transfer.amount')}
          hint={t('wallet:transfer.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={30}
          value={amount}
          error={fieldError}
          onChange={(e) => {
            setAmount(e.target.value);
            setMissing(false);
            clearError();
          }}
        />
        {error && !error.field ? <FormAlert>{error.message}</FormAlert> : null}
        <div className="wallet-transfer__actions">
          <Button type="submit" busy={busy === 'DEPOSIT'} disabled={busy !== null} data-testid="nac-deposit">
            {t('wallet:transfer.deposit')}
          </Button>
          <Button
            variant="secondary"
            busy={busy === 'WITHDRAWAL'}
            disabled={busy !== null}
            onClick={() => void submit('WITHDRAWAL')}
            data-testid="nac-withdraw"
          >
            {t('wallet:transfer.withdraw')}
          </Button>
        </div>
      </form>
    </section>
  );
}
