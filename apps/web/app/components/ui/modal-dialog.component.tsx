import { useRef, type ReactNode, type RefObject } from 'react';
import { cx } from '../../lib/class-names';
import { useFocusTrap } from './use-focus-trap.hook';

export type ModalLayer = 'dialog' | 'alert-dialog';

type ModalDialogProps = {
  /** Id of the element that names the dialog (its title, or its message when it has no title). */
  labelledBy: string;
  describedBy?: string | undefined;
  role?: 'dialog' | 'alertdialog';
  /** Which layer of the spec's order the dialog sits on (section 9): dialog 300, alert dialog 1200. */
  layer?: ModalLayer;
  onClose?: (() => void) | undefined;
  initialFocus?: RefObject<HTMLElement | null> | undefined;
  className?: string | undefined;
  /** Forces the light palette even on a dark page. */
  forceLightTheme?: boolean | undefined;
  testId?: string | undefined;
  children: ReactNode;
};

/**
 * The shared modal: a 50% black backdrop, a labelled panel with
 * aria-modal, focus held inside while open and returned on close, Escape
 * closes. Render it only while it is open.
 */
export function ModalDialog({
  labelledBy,
  describedBy,
  role = 'dialog',
  layer = 'dialog',
  onClose,
  initialFocus,
  className,
  forceLightTheme = false,
  testId,
  children,
}: ModalDialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, { onEscape: onClose, initialFocus });
  return (
    <div className={cx('modal', `modal--${layer}`)}>
      <div className="modal__backdrop" aria-hidden="true" />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cx('modal__panel', forceLightTheme && 'theme-light', className)}
        data-testid={testId}
      >
        {children}
      </div>
    </div>
  );
}
