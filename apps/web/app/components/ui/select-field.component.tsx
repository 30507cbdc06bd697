import type { Ref, ReactNode, SelectHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';
import { describedBy } from './field-ids';
import { FieldError, FieldHint } from './field-message.component';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  id: string;
  label: string;
  ref?: Ref<HTMLSelectElement> | undefined;
  hint?: string | undefined;
  error?: string | null | undefined;
  labelNote?: string | undefined;
  children: ReactNode;
};

export function SelectField({
  id,
  label,
  hint,
  error,
  labelNote,
  className,
  children,
  ref,
  ...select
}: SelectFieldProps) {
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <label htmlFor={id} className="field__label">
        {label}
        {labelNote ? <span className="field__note">{labelNote}</span> : null}
      </label>
      <FieldHint id={id} hint={hint} />
      <div className="field__select">
        <select
          ref={ref}
          id={id}
          className="field__control"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...select}
        >
          {children}
        </select>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
