import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Button } from './button.component';
import { ModalDialog } from './modal-dialog.component';

export type AlertDialogProps = {
  title: string;
  description?: ReactNode;
  /** The confirm button's text; "OK" in the page's language when not given. */
  confirmLabel?: string | undefined;
  /** Shown while true (default); after the visitor confirms or presses Escape it stays closed until `open` turns true again. */
  open?: boolean;
  /** Called once the dialog closes, by the confirm button or Escape. */
  onClose?: (() => void) | undefined;
  /** Keeps the light palette on the dark-mode pages. */
  forceLightTheme?: boolean | undefined;
};

/**
 * The modal alert dialog of the specification (sections 2 and 9): a title, an
 * optional description and one confirm button, 327 px wide, above every
 * other layer (1200).
 */
export function AlertDialog({
  title,
  description,
  confirmLabel,
  open = true,
  onClose,
  forceLightTheme = false,
}: AlertDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  // Opening again (false → true) shows a dialog the visitor had closed before.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDismissed(false);
  }
  if (!open || dismissed) return null;

  const close = () => {
    setDismissed(true);
    onClose?.();
  };
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <ModalDialog
      role="alertdialog"
      layer="alert-dialog"
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      onClose={close}
      forceLightTheme={forceLightTheme}
      className="alert-dialog"
    >
      <h2 id={titleId} className="alert-dialog__title">
        {title}
      </h2>
      {description ? (
        <div id={descriptionId} className="alert-dialog__description">
          {description}
        </div>
      ) : null}
      <Button fullWidth onClick={close}>
        {confirmLabel ?? t('ui:dialog.ok')}
      </Button>
    </ModalDialog>
  );
}
