import type { Ref, InputHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';
import { describedBy } from './field-ids';
import { FieldError, FieldHint } from './field-message.component';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  ref?: Ref<HTMLInputElement> | undefined;
  hint?: string | undefined;
  error?: string | null | undefined;
  /** Text such as "optional" shown beside the label. */
  labelNote?: string | undefined;
  /** Fixed text shown before the value, such as "+" before a calling code. */
  prefix?: string | undefined;
  /** Ids of other messages that describe this field, such as a form-level error. */
  extraDescribedBy?: string | undefined;
};

export function TextField({
  id,
  label,
  hint,
  error,
  labelNote,
  prefix,
  extraDescribedBy,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const describedByIds = [describedBy(id, hint, error), extraDescribedBy].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      ref={ref}
      id={id}
      className="field__control"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedByIds}
      {...input}
    />
  );
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <label htmlFor={id} className="field__label">
        {label}
        {labelNote ? <span className="field__note">{labelNote}</span> : null}
      </label>
      <FieldHint id={id} hint={hint} />
      {prefix ? (
        <div className="field__affixed">
          <span className="field__prefix" aria-hidden="true">
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
