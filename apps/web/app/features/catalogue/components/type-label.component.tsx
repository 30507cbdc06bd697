import { useTranslation } from '../../../lib/i18n';

/** The house group type in words. Each key is written out so the translation check can see it. */
export function TypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  switch (type) {
    case 'YADO':
      return <>{t('catalogue:type.YADO')}</>;
    case 'EXCLUSIVE':
      return <>{t('catalogue:type.EXCLUSIVE')}</>;
    case 'TEMAIRAZU_PARTNER':
      return <>{t('catalogue:type.TEMAIRAZU_PARTNER')}</>;
    case 'EARTHBOAT':
      return <>{t('catalogue:type.EARTHBOAT')}</>;
    case 'MOBILITY':
      return <>{t('catalogue:type.MOBILITY')}</>;
    default:
      return null;
  }
}
