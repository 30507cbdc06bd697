import { useTranslation } from '../../../lib/i18n';
import type { DebtOptionValue } from '../owner-stay-request';

/**
 * The spec's debt option UI: DEFAULT (the fees go to the next owner statement) or NO_DEBT (billed at
 * once, paid with Pay now), the fees it applies to, and disabled once it may no longer change.
 */
export function DebtOptionFieldset({
  name,
  value,
  onChange,
  targets,
  disabled,
  busy = false,
}: {
  name: string;
  value: DebtOptionValue;
  onChange: (value: DebtOptionValue) => void;
  targets: readonly string[];
  disabled: boolean;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="owner-choice owner-debt"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      data-testid="owner-debt-option"
    >
      <legend className="owner-choice__legend">{t('owner:debt.legend')}</legend>
      {(['DEFAULT', 'NO_DEBT'] as const).map((option) => (
        <label key={option} className={`owner-choice__option${option === value ? ' owner-choice__option--on' : ''}`}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={option === value}
            onChange={() => onChange(option)}
            data-testid={`owner-debt-${option}`}
          />
          <span className="owner-choice__text">
            <span className="owner-choice__title">{t(`owner:debt.option.${option}`)}</span>
            <span className="owner-choice__hint">{t(`owner:debt.hint.${option}`)}</span>
          </span>
        </label>
      ))}
      {targets.length > 0 ? (
        <p className="owner-note owner-debt__targets">
          {t('owner:debt.targets', {
            targets: targets.map((x) => t(`owner:debt.target.${x}`)).join(t('owner:debt.separator')),
          })}
        </p>
      ) : null}
      {disabled ? <p className="owner-note">{t('owner:debt.locked')}</p> : null}
    </fieldset>
  );
}
