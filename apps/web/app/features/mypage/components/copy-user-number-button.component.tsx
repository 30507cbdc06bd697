import { useTranslation } from '../../../lib/i18n';
import { useToast } from '../../../components/ui/use-toast.hook';

/**
 * Copies the user number, which people read out to support or type into
 * forms, and confirms with a toast.
 */
export function CopyUserNumberButton({ userNumber }: { userNumber: string }) {
  const { t } = useTranslation();
  const toast = useToast();

  async function copy() {
    try {
      await navigator.clipboard.writeText(userNumber);
      toast.success(t('mypage.userNumberCopied'));
    } catch {
      // No clipboard (an old browser, a denied permission): say so instead of failing silently.
      toast.error(t('mypage.copyFailed'));
    }
  }

  return (
    <button
      type="button"
      className="copy-button"
      aria-label={t('mypage.copyUserNumber')}
      title={t('mypage.copyUserNumber')}
      onClick={() => void copy()}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <rect x="9" y="9" width="11" height="11" rx="2" />
        <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
      </svg>
    </button>
  );
}
