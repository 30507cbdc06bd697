import type { Language } from '@yado/contract/headers';
import { useLocation } from 'react-router';
import { languageFromPath } from './language';

/** The page's language, read from the URL like everywhere else. */
export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}
