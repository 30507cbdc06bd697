import { useTranslation } from '../../lib/i18n';
import { useLoadingOverlayVisible } from './use-loading-overlay.hook';

/**
 * The full-screen loading overlay (spec, section 2): three animated dots over
 * the 50% black backdrop, above dialogs and below alert dialogs. It blocks the
 * page while an operation that must not be interrupted runs.
 */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const visible = useLoadingOverlayVisible();
  if (!visible) return null;
  return (
    <>
      <div className="backdrop" aria-hidden="true" />
      <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
        <span className="loading-dots" aria-hidden="true">
          <span className="loading-dots__dot" />
          <span className="loading-dots__dot" />
          <span className="loading-dots__dot" />
        </span>
        <span className="visually-hidden">{t('ui:loading')}</span>
      </div>
    </>
  );
}
