import { useTranslation } from '../../../lib/i18n';
import { cx } from '../../../lib/class-names';

export type RegisterStep = 'account' | 'profile' | 'verify' | 'done';

const ORDER: Exclude<RegisterStep, 'done'>[] = ['account', 'profile', 'verify'];

export function StepIndicator({ step }: { step: RegisterStep }) {
  const { t } = useTranslation();
  const labels = {
    account: t('register.steps.account'),
    profile: t('register.steps.profile'),
    verify: t('register.steps.verify'),
  };
  const currentIndex = step === 'done' ? ORDER.length : ORDER.indexOf(step);
  return (
    <ol className="steps" aria-label={t('register.steps.label')}>
      {ORDER.map((s, index) => {
        const state = index < currentIndex ? 'complete' : index === currentIndex ? 'current' : 'upcoming';
        return (
          <li
            key={s}
            className={cx('steps__item', `steps__item--${state}`)}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="steps__number" aria-hidden="true">
              {state === 'complete' ? '✓' : index + 1}
            </span>
            <span className="steps__label">
              {labels[s]}
              {state === 'complete' ? (
                <span className="visually-hidden"> ({t('register.steps.completed')})</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
