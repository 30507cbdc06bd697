import type { InputHTMLAttributes } from 'react';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { id: string; label: string };

export function CheckboxField({ id, label, ...input }: CheckboxFieldProps) {
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" className="checkbox__control" {...input} />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}
