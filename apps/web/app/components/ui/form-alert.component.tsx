import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';

type FormAlertProps = { tone?: 'error' | 'info' | 'success'; title?: string; children: ReactNode; id?: string };

/**
 * A message about the whole form. Errors use role="alert" so screen readers
 * announce them as soon as they appear; other messages are polite status.
 */
export function FormAlert({ tone = 'error', title, children, id }: FormAlertProps) {
  return (
    <div id={id} className={cx('alert', `alert--${tone}`)} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="alert__title">{title}</p> : null}
      <div className="alert__body">{children}</div>
    </div>
  );
}
