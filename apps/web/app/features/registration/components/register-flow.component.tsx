import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { currentSession, getIdToken } from '../../../lib/identity-client';
import { localizePath } from '../../../lib/language';
import { redirectTarget } from '../../../lib/redirect-url';
import { useLanguage } from '../../../lib/use-language.hook';
import { AccountStep } from './account-step.component';
import { EmailVerificationStep } from './email-verification-step.component';
import { StepIndicator, type RegisterStep } from './step-indicator.component';
import { UserFormStep } from './user-form-step.component';

type Props = {
  /** Where the server found the visitor: no session, a session without a user, or an unverified user. */
  initialStep: Exclude<RegisterStep, 'done'>;
  redirectUrl: string | null;
  initialEmail: string;
  /** Shown once registration is done (the sign-up completion dialog, which the page supplies). */
  completion?: ReactNode;
};

/**
 * Registration in three steps — account, user, email verification — that
 * keeps `redirectUrl` to the end and goes there (or to /mypage) when done.
 */
export function RegisterFlow({ initialStep, redirectUrl, initialEmail, completion }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [step, setStep] = useState<RegisterStep>(initialStep);
  const [email, setEmail] = useState(initialEmail);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const target = redirectTarget(redirectUrl, localizePath('/mypage', language));

  // The server knew the visitor from the cookie; the browser needs its own token to call the API.
  useEffect(() => {
    if (initialStep === 'account') return;
    void getIdToken().then((token) => {
      if (!token) setStep('account');
      else setEmail((current) => current || currentSession()?.email || '');
    });
  }, [initialStep]);

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const headings: Record<RegisterStep, string> = {
    account: t('register.account.heading'),
    profile: t('register.profile.heading'),
    verify: t('register.verify.heading'),
    done: t('register.done.heading'),
  };

  return (
    <div className="register">
      <StepIndicator step={step} />
      <div className="card">
        <h2 ref={headingRef} tabIndex={-1} className="card__title">
          {headings[step]}
        </h2>
        {step === 'account' ? (
          <AccountStep
            redirectUrl={redirectUrl}
            onDone={(accountEmail) => {
              setEmail(accountEmail);
              setStep('profile');
            }}
          />
        ) : null}
        {step === 'profile' ? (
          <UserFormStep
            accountEmail={email}
            onDone={(user) => {
              setEmail(user.emailAddress);
              setStep(user.emailAddressVerified ? 'done' : 'verify');
            }}
          />
        ) : null}
        {step === 'verify' ? <EmailVerificationStep email={email} onVerified={() => setStep('done')} /> : null}
        {step === 'done' ? (
          <div className="success" role="status">
            <span className="success__icon" aria-hidden="true">
              ✓
            </span>
            <p>{t('register.done.body')}</p>
            <Link className={buttonClassName({ size: 'large', fullWidth: true })} to={target}>
              {t('register.done.continue')}
            </Link>
            {completion}
          </div>
        ) : null}
      </div>
    </div>
  );
}
