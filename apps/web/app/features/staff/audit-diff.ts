/** One changed value of an audited entity, by its dotted path. */
export type AuditChange = { path: string; before: string; after: string };

function keyOf(item: unknown): string | null {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return null;
  const record = item as Record<string, unknown>;
  const key = record['date'] ?? record['id'];
  return typeof key === 'string' ? key : null;
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out.set(prefix, '{}');
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  // A list of dated or identified records (calendar days, houses) reads best item by item, so a
  // three-day change shows three days rather than two long lists; other lists are compared whole.
  if (Array.isArray(value) && value.length > 0 && value.every((item) => keyOf(item) !== null)) {
    for (const item of value) flatten(item, `${prefix}[${keyOf(item)}]`, out);
    return;
  }
  if (prefix) out.set(prefix, value === undefined ? '' : JSON.stringify(value));
}

/**
 * What an audit entry changed: every path whose value differs between before
 * and after (a creation has no before, a removal no after), in path order.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before ?? {}, '', a);
  flatten(after ?? {}, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths
    .filter((path) => a.get(path) !== b.get(path))
    .map((path) => ({ path, before: a.get(path) ?? '', after: b.get(path) ?? '' }));
}
