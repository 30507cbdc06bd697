import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ChatContainer } from '../../../components/ui/chat-container.component';
import { ErrorDialog } from '../../../components/ui/error-dialog.component';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.component';
import { ToastArea } from '../../../components/ui/toast-area.component';
import { handleUnhandledError } from '../../../lib/global-errors';
import { routePolicyFor } from '../../../lib/route-policy';

/**
 * The interface every page shares (spec, section 2): the toast area, the
 * modal error dialog, the loading overlay and the chat container (left out
 * where the route table turns chat off). It also catches promise rejections
 * nobody handled, reports them and shows them like any other error.
 */
export function GlobalUi() {
  const { pathname } = useLocation();

  useEffect(() => {
    function onUnhandledRejection(event: PromiseRejectionEvent) {
      // Handled here: the browser need not log it a second time.
      event.preventDefault();
      handleUnhandledError(event.reason);
    }
    window.addEventListener('unhandledrejection', onUnhandledRejection);
    return () => window.removeEventListener('unhandledrejection', onUnhandledRejection);
  }, []);

  return (
    <>
      {routePolicyFor(pathname).chat ? <ChatContainer /> : null}
      <ToastArea />
      <ErrorDialog />
      <LoadingOverlay />
    </>
  );
}
