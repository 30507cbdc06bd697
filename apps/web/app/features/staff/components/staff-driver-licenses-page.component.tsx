import {
  DriverLicenseStatus,
  staffReviewDriverLicense,
  type StaffDriverLicense,
} from '@yado/contract/vehicle.contract';
import { useState } from 'react';
import { Form } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { StaffPage } from './staff-page.component';
import { japanTimestamp } from '../japan-time';
import { licenseImageHref } from '../../../lib/driver-license-image';
import { useApiAction } from '../../../lib/use-api-action.hook';

/** /staff/driver-licenses: licences of a status; those waiting are reviewed with both photographs. */
export function StaffDriverLicensesPage({ status, licenses }: { status: string; licenses: StaffDriverLicense[] }) {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('license:staff.heading')} lead={t('license:staff.lead')}>
      <Form method="get" className="staff-search">
        <SelectField id="license-status" name="status" label={t('license:staff.status')} defaultValue={status}>
          {DriverLicenseStatus.values.map((s) => (
            <option key={s} value={s}>
              {t(`license:status.${s}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          {t('license:staff.show')}
        </Button>
      </Form>
      {licenses.length === 0 ? (
        <p className="license-empty">{t('license:staff.none')}</p>
      ) : (
        <ul className="license-review-list">
          {licenses.map((l) => (
            <ReviewCard key={l.id} license={l} />
          ))}
        </ul>
      )}
    </StaffPage>
  );
}

function ReviewCard({ license: l }: { license: StaffDriverLicense }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const { run, busy } = useApiAction();
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const address = l.holderAddress
    ? [
        l.holderAddress.postalCode,
        l.holderAddress.state,
        l.holderAddress.city,
        l.holderAddress.street1,
        l.holderAddress.street2,
      ]
        .filter(Boolean)
        .join(' ')
    : '';

  async function decide(decision: 'APPROVED' | 'REJECTED') {
    setProblem(null);
    const res = await run(staffReviewDriverLicense, {
      driverLicenseId: l.id,
      decision,
      ...(decision === 'REJECTED' ? { reason } : {}),
    });
    if (res.ok) toast.success(t(decision === 'APPROVED' ? 'staff.approved' : 'staff.rejected'));
    else setProblem(res.message ?? t('license:errors.failed'));
  }

  return (
    <li className="license-review" data-testid="license-review" data-status={l.status}>
      <div className="license-review__images">
        {(['front', 'back'] as const).map((side) => {
          const href = licenseImageHref(side === 'front' ? l.frontImageUrl : l.backImageUrl);
          return href ? (
            <a key={side} href={href} target="_blank" rel="noreferrer" className="license-review__image">
              <img src={href} alt={t(`license:${side}Alt`)} width={320} height={202} />
            </a>
          ) : (
            <span key={side} className="license-review__image license-review__image--none">
              {t('license:erased')}
            </span>
          );
        })}
      </div>
      <div className="license-review__body">
        <div className="license-card__head">
          <span className={`license-badge license-badge--${l.status.toLowerCase()}`}>
            {t(`license:status.${l.status}`)}
          </span>
          <span className="license-card__type">{t(`license:type.${l.licenseType}`)}</span>
        </div>
        <dl className="license-card__facts">
          <div>
            <dt>{t('license:staff.user')}</dt>
            <dd>
              {l.userName} <span className="license-review__email">{l.emailAddress}</span>
            </dd>
          </div>
          <div>
            <dt>{t('license:holderName')}</dt>
            <dd>{l.holderName ?? t('license:erased')}</dd>
          </div>
          <div>
            <dt>{t('license:number')}</dt>
            <dd>{l.driverLicenseNumber ?? t('license:erased')}</dd>
          </div>
          <div>
            <dt>{t('license:expires')}</dt>
            <dd>{formatDate(l.expireDate, 'date', language)}</dd>
          </div>
          <div>
            <dt>{t('license:address')}</dt>
            <dd>{address || '—'}</dd>
          </div>
          <div>
            <dt>{t('license:staff.registered')}</dt>
            <dd>{japanTimestamp(l.registeredAt)}</dd>
          </div>
          {l.reviewedAt ? (
            <div>
              <dt>{t('license:staff.reviewed')}</dt>
              <dd>
                {japanTimestamp(l.reviewedAt)} {l.reviewedBy ?? ''}
              </dd>
            </div>
          ) : null}
        </dl>
        {l.rejectionReason ? (
          <p className="license-card__reason">
            <strong>{t('license:rejectedBecause')}</strong> {l.rejectionReason}
          </p>
        ) : null}
        {l.status === 'PENDING_REVIEW' ? (
          <div className="license-review__actions">
            {rejecting ? (
              <>
                <TextAreaField
                  id={`reject-${l.id}`}
                  label={t('license:staff.reason')}
                  hint={t('license:staff.reasonHint')}
                  value={reason}
                  maxLength={500}
                  onChange={(e) => setReason(e.target.value)}
                />
                <div className="license-review__buttons">
                  <Button variant="secondary" disabled={busy} onClick={() => setRejecting(false)}>
                    {t('license:staff.cancel')}
                  </Button>
                  <Button busy={busy} onClick={() => void decide('REJECTED')} data-testid="license-reject-confirm">
                    {t('license:staff.reject')}
                  </Button>
                </div>
              </>
            ) : (
              <div className="license-review__buttons">
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => setRejecting(true)}
                  data-testid="license-reject"
                >
                  {t('license:staff.reject')}
                </Button>
                <Button busy={busy} onClick={() => void decide('APPROVED')} data-testid="license-approve">
                  {t('license:staff.approve')}
                </Button>
              </div>
            )}
            {problem ? <FormAlert>{problem}</FormAlert> : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
