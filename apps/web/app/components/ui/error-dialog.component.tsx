import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n';
import { clearGlobalError, currentGlobalError, subscribeGlobalError } from '../../lib/global-errors';
import { Button } from './button.component';
import { ModalDialog } from './modal-dialog.component';

/**
 * The modal error dialog of the global error handling (spec, section 8): the
 * generic message for a 500 or an unexpected failure, the server's message
 * with a title for any other status. Closing it clears the error.
 */
export function ErrorDialog() {
  const { t } = useTranslation();
  const id = useId();
  const error = useSyncExternalStore(subscribeGlobalError, currentGlobalError, () => null);
  if (!error) return null;

  const titleId = `${id}-title`;
  const messageId = `${id}-message`;
  const hasTitle = error.kind === 'server';
  return (
    <ModalDialog
      role="alertdialog"
      layer="dialog"
      labelledBy={hasTitle ? titleId : messageId}
      describedBy={hasTitle ? messageId : undefined}
      onClose={clearGlobalError}
      className="error-dialog"
      testId="error-dialog"
    >
      <span className="error-dialog__icon" aria-hidden="true">
        !
      </span>
      {hasTitle ? (
        <h2 id={titleId} className="error-dialog__title">
          {t('ui:errorDialog.title')}
        </h2>
      ) : null}
      <p id={messageId} className="error-dialog__message">
        {error.kind === 'server' ? error.message : t('errors.generic')}
      </p>
      <Button fullWidth onClick={clearGlobalError}>
        {t('ui:errorDialog.close')}
      </Button>
    </ModalDialog>
  );
}
