import type { StaffSupplementalConsent } from '@yado/contract/supplemental-consent.contract';
import { useId } from 'react';
import { Form } from 'react-router';
import { MarkdownContent } from '../../../components/markdown-content.component';
import { buttonClassName } from '../../../components/ui/button.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { useTranslation } from '../../../lib/i18n';
import { japanTimestamp } from '../japan-time';
import { ConsentForm } from './consent-form.component';
import { ConsentTally } from './consent-tally.component';
import { StaffPage } from './staff-page.component';

type Group = { id: string; name: string };
export type StaffConsentWithHtml = StaffSupplementalConsent & { contentHtml: string };

/** Staff put questions to a house group's owners and read the share-weighted answers. */
export function StaffConsentsPage({
  houseGroups,
  houseGroupId,
  consents,
}: {
  houseGroups: Group[];
  houseGroupId: string;
  consents: StaffConsentWithHtml[];
}) {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('consent:staff.heading')} lead={t('consent:staff.lead')}>
      <div className="consent-staff">
        <section aria-labelledby="consent-list-heading">
          <h2 id="consent-list-heading">{t('consent:staff.listHeading')}</h2>
          <Form method="get" className="staff-search">
            <SelectField
              id="consent-house-group"
              name="houseGroup"
              label={t('consent:staff.houseGroup')}
              defaultValue={houseGroupId}
            >
              <option value="">{t('consent:staff.allHouseGroups')}</option>
              {houseGroups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </SelectField>
            <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
              {t('consent:staff.filter')}
            </button>
          </Form>
          {consents.length === 0 ? (
            <p className="staff-empty">{t('consent:staff.empty')}</p>
          ) : (
            consents.map((c) => <StaffConsentCard key={c.id} consent={c} />)
          )}
        </section>
        <section className="staff-panel" aria-labelledby="consent-create-heading">
          <h2 id="consent-create-heading">{t('consent:staff.createHeading')}</h2>
          <ConsentForm houseGroups={houseGroups} houseGroupId={houseGroupId} />
        </section>
      </div>
    </StaffPage>
  );
}

function StaffConsentCard({ consent }: { consent: StaffConsentWithHtml }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <article
      className="staff-panel consent-staff-card"
      aria-labelledby={headingId}
      data-testid="staff-consent"
      data-status={consent.status}
    >
      <header className="consent-staff-card__header">
        <div>
          <p className="consent-staff-card__group">{consent.houseGroupName}</p>
          <h3 id={headingId}>{consent.title}</h3>
        </div>
        <span className={`consent-status consent-status--${consent.status.toLowerCase()}`}>
          {t(consent.status === 'OPEN' ? 'consent:staff.open' : 'consent:staff.closed')}
        </span>
      </header>
      <p className="consent-staff-card__dates">
        <span>{t('consent:staff.sentAt', { at: japanTimestamp(consent.notifiedAt) })}</span>
        <span>{t('consent:staff.deadlineAt', { at: japanTimestamp(consent.answerDeadline) })}</span>
      </p>
      <details className="consent-staff-card__content">
        <summary>{t('consent:staff.content')}</summary>
        <MarkdownContent html={consent.contentHtml} />
      </details>
      <ConsentTally consent={consent} />
    </article>
  );
}
