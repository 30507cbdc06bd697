import { useTranslation } from '../../lib/i18n';
import { cssTransition, ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';

import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from './toast-settings';

// Our own fade and rise (styles/ui.css), which also honours reduced motion.
const Rise = cssTransition({ enter: 'toast-enter', exit: 'toast-exit', collapseDuration: 200 });

function CloseButton({ closeToast }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="toast__close"
      aria-label={t('ui:toast.close')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(event);
      }}
    >
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/**
 * Loaded by the toast area once the page has loaded (toast-area.component.tsx).
 * Where toasts appear (spec, section 2): bottom centre, closing after
 * 3500 ms, at most three at a time (more wait their turn), the newest on
 * top, closed by a click, without a progress bar.
 */
export default function ToastContainerArea() {
  const { t } = useTranslation();
  return (
    <ToastContainer
      position="bottom-center"
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={TOAST_LIMIT}
      newestOnTop
      closeOnClick
      hideProgressBar
      draggable={false}
      transition={Rise}
      closeButton={(props) => <CloseButton {...props} />}
      aria-label={t('ui:toast.region')}
      toastClassName="toast"
    />
  );
}
