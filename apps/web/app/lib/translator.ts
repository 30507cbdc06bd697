/**
 * The product's translator: looks keys up in per-namespace resources of one
 * language. It does what the app's strings need and no more — `ns:key`
 * prefixes, nested keys, `{{name}}` interpolation, plural forms chosen by
 * `count` with the language's own rules (`_one`, `_other`; `_zero` when
 * present), `_context` variants — so the browser carries a few hundred bytes
 * instead of a general i18n library (docs/decisions/0011-translations.md).
 */
export type TranslationResource = Record<string, unknown>;
export type TranslateOptions = Record<string, unknown> & { ns?: string; count?: number; context?: string };
export type TFunction = (key: string, options?: TranslateOptions) => string;

type Loader = (language: string, namespace: string) => Promise<TranslationResource>;

export class Translator {
  private readonly resources = new Map<string, TranslationResource>();
  private readonly pending = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly plurals: Intl.PluralRules;
  /** Bumped whenever a namespace arrives, so subscribed components render again. */
  version = 0;

  constructor(
    readonly language: string,
    readonly defaultNamespace: string,
    private readonly loader: Loader | null,
    /** Told of a namespace used without being loaded first (it is then fetched, and the text appears late). */
    private readonly onMissingNamespace: (namespace: string) => void = () => undefined,
  ) {
    this.plurals = new Intl.PluralRules(language);
  }

  has(namespace: string): boolean {
    return this.resources.has(namespace);
  }

  /** Adds namespaces; one already present is kept, so adding the same data on every render costs nothing. */
  add(resources: Record<string, TranslationResource>): void {
    let changed = false;
    for (const [namespace, resource] of Object.entries(resources)) {
      if (this.resources.has(namespace)) continue;
      this.resources.set(namespace, resource);
      changed = true;
    }
    if (changed) this.changed();
  }

  /** Fetches namespaces this translator lacks; resolves once they are in (or failed for good). */
  async load(namespaces: readonly string[]): Promise<void> {
    await Promise.all(namespaces.map((ns) => this.fetchNamespace(ns)));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  readonly t: TFunction = (fullKey, options = {}) => {
    const split = fullKey.indexOf(':');
    const namespace = split > 0 ? fullKey.slice(0, split) : (options.ns ?? this.defaultNamespace);
    const key = split > 0 ? fullKey.slice(split + 1) : fullKey;
    const resource = this.resources.get(namespace);
    if (!resource) {
      void this.fetchNamespace(namespace);
      return key;
    }
    const value = this.lookup(resource, key, options);
    return typeof value === 'string' ? interpolate(value, options) : key;
  };

  /** A t function bound to a namespace (what a component's useTranslation(ns) returns). */
  fixed(namespace: string): TFunction {
    return (key, options) => this.t(key, key.includes(':') || options?.ns ? options : { ...options, ns: namespace });
  }

  private lookup(resource: TranslationResource, key: string, options: TranslateOptions): unknown {
    const bases = options.context ? [`${key}_${options.context}`, key] : [key];
    for (const base of bases) {
      if (typeof options.count === 'number') {
        const forms =
          options.count === 0 ? ['_zero', `_${this.plurals.select(0)}`] : [`_${this.plurals.select(options.count)}`];
        for (const suffix of forms) {
          const found = get(resource, base + suffix);
          if (typeof found === 'string') return found;
        }
      }
      const found = get(resource, base);
      if (typeof found === 'string') return found;
    }
    return undefined;
  }

  private async fetchNamespace(namespace: string): Promise<void> {
    if (this.resources.has(namespace) || this.pending.has(namespace) || !this.loader) return;
    this.pending.add(namespace);
    this.onMissingNamespace(namespace);
    try {
      const resource = await this.loader(this.language, namespace);
      this.add({ [namespace]: resource });
    } catch {
      // The loader already retried; the keys stay visible rather than breaking the page.
    } finally {
      this.pending.delete(namespace);
    }
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

function get(resource: TranslationResource, path: string): unknown {
  if (path in resource) return resource[path];
  let node: unknown = resource;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, values: TranslateOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) =>
    name in values && values[name] !== undefined && values[name] !== null ? String(values[name]) : whole,
  );
}
