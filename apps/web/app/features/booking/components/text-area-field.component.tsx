import type { TextareaHTMLAttributes } from 'react';
import { describedBy } from '../../../components/ui/field-ids';
import { FieldError, FieldHint } from '../../../components/ui/field-message.component';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  labelNote?: string | undefined;
};

/** A labelled multi-line field in the look of the shared text field. */
export function TextAreaField({ id, label, hint, error, labelNote, ...textarea }: Props) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {labelNote ? <span className="field__note">{labelNote}</span> : null}
      </label>
      <FieldHint id={id} hint={hint} />
      <textarea
        id={id}
        className="field__control field__control--textarea"
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
