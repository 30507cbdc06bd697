import type { MetaDescriptor } from 'react-router';
import { translatorFor } from '../../lib/i18n';
import { languageFromPath } from '../../lib/language';
import { titleMeta } from '../../lib/page-meta';

/** `<page> · Owner area | yado`, in the page's language. */
export function ownerMeta(pathname: string, page: (t: ReturnType<typeof translatorFor>) => string): MetaDescriptor[] {
  const t = translatorFor(languageFromPath(pathname));
  return titleMeta(`${page(t)} · ${t('owner:nav.area')}`);
}
