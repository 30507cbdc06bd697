import type { TextareaHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';
import { describedBy } from './field-ids';
import { FieldError, FieldHint } from './field-message.component';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  /** A short note after the label, such as "(optional)". */
  labelNote?: string | undefined;
  /** The control's own class beside `field__control`: each page's stylesheet sizes its text areas. */
  controlClassName?: string | undefined;
};

/** A labelled multi-line field with the same label, hint and error lines as the shared text field. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  labelNote,
  className,
  controlClassName,
  rows = 3,
  ...textarea
}: Props) {
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <label htmlFor={id} className="field__label">
        {label}
        {labelNote ? <span className="field__note">{labelNote}</span> : null}
      </label>
      <FieldHint id={id} hint={hint} />
      <textarea
        id={id}
        rows={rows}
        className={cx('field__control', controlClassName)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
