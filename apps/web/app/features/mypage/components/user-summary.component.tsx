import type { User } from '@yado/contract/user.contract';
import { useTranslation } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/use-language.hook';
import { CopyUserNumberButton } from './copy-user-number-button.component';

/** The signed-in user at a glance: name, user number, contact details, user type and member-since date. */
export function UserSummary({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // Names in Japanese script read family name first; Latin names given name first.
  const native = /[\u3040-\u30ff\u3400-\u9fff]/.test(`${user.lastName}${user.firstName}`)
    ? `${user.lastName} ${user.firstName}`
    : `${user.firstName} ${user.lastName}`;
  const romanized = `${user.romanizedFirstName} ${user.romanizedLastName}`;
  // Japanese readers see the name as written; English readers the name in Latin letters.
  const [name, otherName] = language === 'ja' ? [native, romanized] : [romanized, native];
  const initials = `${user.romanizedFirstName.charAt(0)}${user.romanizedLastName.charAt(0)}`.toUpperCase();
  const userTypes: Record<string, string> = {
    USER_TYPE_OWNER: t('mypage.userTypeOwner'),
    USER_TYPE_GUEST: t('mypage.userTypeGuest'),
  };
  const userType = userTypes[user.userType] ?? t('mypage.userTypeUnspecified');

  return (
    <section className="card profile" aria-labelledby="profile-name">
      <div className="profile__head">
        {user.profilePhotoUrl ? (
          <img className="avatar" src={user.profilePhotoUrl} alt="" width={64} height={64} />
        ) : (
          <span className="avatar" aria-hidden="true">
            {initials}
          </span>
        )}
        <div>
          <h2 id="profile-name" className="profile__name" data-testid="user-name">
            {name}
          </h2>
          {otherName !== name ? <p className="profile__romanized">{otherName}</p> : null}
        </div>
      </div>
      <dl className="details">
        <div className="details__row">
          <dt>{t('mypage.userNumber')}</dt>
          <dd className="details__with-action">
            <span data-testid="user-number">{user.userNumber}</span>
            <CopyUserNumberButton userNumber={user.userNumber} />
          </dd>
        </div>
        <div className="details__row">
          <dt>{t('mypage.email')}</dt>
          <dd>
            <span className="details__value">{user.emailAddress}</span>{' '}
            {user.emailAddressVerified ? (
              <span className="badge badge--success">{t('mypage.verified')}</span>
            ) : (
              <span className="badge badge--warning">{t('mypage.notVerified')}</span>
            )}
          </dd>
        </div>
        <div className="details__row">
          <dt>{t('mypage.phone')}</dt>
          <dd>
            {user.phoneNumber ? (
              <>
                <span className="details__value">
                  +{user.phoneNumber.countryCode} {user.phoneNumber.nationalNumber}
                </span>{' '}
                {user.phoneNumberVerified ? (
                  <span className="badge badge--success">{t('mypage.verified')}</span>
                ) : (
                  <span className="badge badge--warning">{t('mypage.notVerified')}</span>
                )}
              </>
            ) : (
              <span className="muted">{t('mypage.phoneNone')}</span>
            )}
          </dd>
        </div>
        <div className="details__row">
          <dt>{t('mypage.userType')}</dt>
          <dd>{userType}</dd>
        </div>
        <div className="details__row">
          <dt>{t('mypage.memberSince')}</dt>
          {/* The civil date in the offset the API sent it with, so server and browser agree. */}
          <dd data-testid="member-since">{formatDate(user.createdAt, 'date', language)}</dd>
        </div>
      </dl>
    </section>
  );
}
