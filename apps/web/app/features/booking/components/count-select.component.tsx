import { SelectField } from '../../../components/ui/select-field.component';

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** A count from 0 to `max` (or the current value, if larger) as a select. */
export function CountSelect(p: {
  id: string;
  label: string;
  hint?: string;
  value: number;
  max: number;
  disabled?: boolean;
  onChange: (n: number) => void;
}) {
  return (
    <SelectField
      id={p.id}
      label={p.label}
      hint={p.hint}
      value={String(p.value)}
      disabled={p.disabled}
      onChange={(e) => p.onChange(Number(e.target.value))}
    >
      {range(0, Math.max(p.max, p.value)).map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </SelectField>
  );
}
