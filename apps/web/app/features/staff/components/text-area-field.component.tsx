import type { TextareaHTMLAttributes } from 'react';
import { describedBy } from '../../../components/ui/field-ids';
import { FieldError, FieldHint } from '../../../components/ui/field-message.component';
import { cx } from '../../../lib/class-names';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
};

/** A multi-line text field with the same label, hint and error lines as the shared text field. */
export function TextAreaField({ id, label, hint, error, className, rows = 4, ...textarea }: Props) {
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
      <textarea
        id={id}
        rows={rows}
        className="field__control staff-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
