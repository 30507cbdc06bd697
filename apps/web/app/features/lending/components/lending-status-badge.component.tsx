import { useTranslation } from '../../../lib/i18n';

/** An application's status as a coloured badge. */
export function LendingStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`lending-badge lending-badge--${status.toLowerCase().replace(/_/g, '-')}`}
      data-testid="lending-status"
    >
      {t(`lending:status.${status}`)}
    </span>
  );
}
