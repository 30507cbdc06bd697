import type { FieldError } from '../../lib/api-error';

export type FieldMessages = Record<string, string>;

/**
 * Sorts the server's `errorInfo.fields` onto a form: a path goes to the
 * longest form key it starts with (`addressEn.city` to `addressEn.city`,
 * `cancellationPolicy.tiers.1.percent` to `cancellationPolicy.tiers`), and
 * `changes.3.to` style paths stay whole. Paths no field shows come back in
 * `other`, so the form can say them at the top instead of dropping them.
 */
export function fieldErrorsFrom(
  fields: readonly FieldError[],
  formKeys: readonly string[],
): { byField: FieldMessages; other: FieldError[] } {
  const byField: FieldMessages = {};
  const other: FieldError[] = [];
  const keys = [...formKeys].sort((a, b) => b.length - a.length);
  for (const issue of fields) {
    const key = keys.find((k) => issue.field === k || issue.field.startsWith(`${k}.`));
    if (key === undefined) other.push(issue);
    else byField[key] = byField[key] ? `${byField[key]}; ${issue.description}` : issue.description;
  }
  return { byField, other };
}

/** Text fields as numbers: an empty or malformed entry becomes NaN, which the client check reports. */
export function toNumber(value: string): number {
  const trimmed = value.trim().replace(/,/g, '');
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** An optional number: empty means "none" (null). */
export function toNullableNumber(value: string): number | null {
  return value.trim() === '' ? null : toNumber(value);
}
