import type { FamilyInvitation } from '@yado/contract/family.contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { formatDateOfDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { withRedirectUrl } from '../../../lib/redirect-url';
import { useAcceptFamilyInvitation } from '../hooks/use-accept-family-invitation.hook';

/** What the invitation page's loader found behind the link. */
export type FamilyInvitationPageData =
  | { state: 'signed-out'; loginUrl: string }
  | { state: 'not-found' }
  | { state: 'expired' }
  | { state: 'invitation'; token: string; here: string; invitation: FamilyInvitation };

function Card({ heading, lead, children }: { heading: string; lead: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page page--auth family-invitation" aria-labelledby="family-invitation-heading">
      <div className="card" data-testid="family-invitation">
        <p className="eyebrow">{t('family:invitation.eyebrow')}</p>
        <h1 id="family-invitation-heading" className="card__title">
          {heading}
        </h1>
        <p className="card__lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

function HomeLink() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="actions">
      <Link className={buttonClassName({ variant: 'secondary', fullWidth: true })} to={localizePath('/', language)}>
        {t('family:invitation.home')}
      </Link>
    </div>
  );
}

/** What sharing means for the member, before they accept. */
function WhatItMeans({ owner }: { owner: string }) {
  const { t } = useTranslation();
  return (
    <div className="family-invitation__what">
      <h2>{t('family:invitation.what.heading')}</h2>
      <ul>
        <li>{t('family:invitation.what.book', { owner })}</li>
        <li>{t('family:invitation.what.visible', { owner })}</li>
        <li>{t('family:invitation.what.end')}</li>
      </ul>
    </div>
  );
}

function OpenInvitation({ data }: { data: Extract<FamilyInvitationPageData, { state: 'invitation' }> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [invitation, setInvitation] = useState(data.invitation);
  const { accept, accepting, error, needsRegistration } = useAcceptFamilyInvitation(data.token, setInvitation);
  const owner = invitation.ownerName;

  if (invitation.isOwnInvitation) {
    return (
      <Card heading={t('family:invitation.own.heading')} lead={t('family:invitation.own.lead')}>
        <div className="actions">
          <Link className={buttonClassName({ fullWidth: true })} to={localizePath('/owner/family', language)}>
            {t('family:invitation.own.manage')}
          </Link>
        </div>
      </Card>
    );
  }
  if (invitation.acceptedByMe) {
    return (
      <Card
        heading={t('family:invitation.accepted.heading', { owner })}
        lead={t('family:invitation.accepted.lead', { owner })}
      >
        <div data-testid="family-invitation-accepted">
          {invitation.acceptedAt ? (
            <p className="family-invitation__date">
              {t('family:invitation.accepted.acceptedOn', {
                date: formatDateOfDateTime(invitation.acceptedAt, language),
              })}
            </p>
          ) : null}
          <div className="actions">
            <Link className={buttonClassName({ fullWidth: true })} to={localizePath('/mypage', language)}>
              {t('family:invitation.accepted.mypage')}
            </Link>
            <Link
              className={buttonClassName({ variant: 'secondary', fullWidth: true })}
              to={localizePath('/', language)}
            >
              {t('family:invitation.accepted.browse')}
            </Link>
          </div>
        </div>
      </Card>
    );
  }
  if (invitation.status === 'ACCEPTED') {
    return (
      <Card heading={t('family:invitation.taken.heading')} lead={t('family:invitation.taken.lead', { owner })}>
        <HomeLink />
      </Card>
    );
  }
  return (
    <Card
      heading={t('family:invitation.pending.heading', { owner })}
      lead={t('family:invitation.pending.lead', { owner })}
    >
      <dl className="details family-invitation__details">
        <div className="details__row">
          <dt>{t('family:invitation.pending.sentTo')}</dt>
          <dd>{invitation.emailAddress}</dd>
        </div>
        <div className="details__row">
          <dt>{t('family:invitation.pending.validUntil')}</dt>
          <dd>{formatDateOfDateTime(invitation.expiresAt, language)}</dd>
        </div>
      </dl>
      <WhatItMeans owner={owner} />
      {error ? <FormAlert>{error}</FormAlert> : null}
      {needsRegistration ? (
        <FormAlert tone="info">
          <p>{t('family:invitation.needsRegistration')}</p>
          <Link to={withRedirectUrl(localizePath('/register', language), data.here)}>
            {t('family:invitation.register')}
          </Link>
        </FormAlert>
      ) : null}
      <div className="actions">
        <Button
          size="large"
          fullWidth
          busy={accepting}
          onClick={() => void accept()}
          data-testid="family-invitation-accept"
        >
          {accepting ? t('family:invitation.pending.accepting') : t('family:invitation.pending.accept')}
        </Button>
        <p className="muted family-invitation__note">{t('family:invitation.pending.otherAddress')}</p>
      </div>
    </Card>
  );
}

/** /family/invitation/:token: who invites, and accepting it once signed in. */
export function FamilyInvitationPage({ data }: { data: FamilyInvitationPageData }) {
  const { t } = useTranslation();
  switch (data.state) {
    case 'signed-out':
      return (
        <Card heading={t('family:invitation.signedOut.heading')} lead={t('family:invitation.signedOut.lead')}>
          <div className="actions">
            <Link className={buttonClassName({ size: 'large', fullWidth: true })} to={data.loginUrl}>
              {t('family:invitation.signedOut.login')}
            </Link>
            <p className="muted family-invitation__note">{t('family:invitation.signedOut.note')}</p>
          </div>
        </Card>
      );
    case 'not-found':
      return (
        <Card heading={t('family:invitation.notFound.heading')} lead={t('family:invitation.notFound.lead')}>
          <HomeLink />
        </Card>
      );
    case 'expired':
      return (
        <Card heading={t('family:invitation.expired.heading')} lead={t('family:invitation.expired.lead')}>
          <HomeLink />
        </Card>
      );
    case 'invitation':
      return <OpenInvitation data={data} />;
  }
}
