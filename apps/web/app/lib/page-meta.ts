import type { MetaDescriptor } from 'react-router';

/** A page's <title>: the page first, then the product. */
export function titleMeta(pageTitle: string): MetaDescriptor[] {
  return [{ title: `${pageTitle} | yado` }];
}
