import { civilFromIso } from '@yado/contract/civil-date';
import {
  DriverLicenseType,
  registerDriverLicense,
  uploadDriverLicenseImage,
  type DriverLicense,
} from '@yado/contract/vehicle.contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { fileToBase64, MAX_IMAGE_BYTES } from '../../../lib/file-base64';
import { licenseImageHref } from '../../../lib/driver-license-image';
import { useApiAction } from '../../../lib/use-api-action.hook';

type Draft = {
  driverLicenseNumber: string;
  expireDate: string;
  licenseType: string;
  holderName: string;
  postalCode: string;
  state: string;
  city: string;
  street1: string;
  street2: string;
};

const EMPTY: Draft = {
  driverLicenseNumber: '',
  expireDate: '',
  licenseType: 'ORDINARY',
  holderName: '',
  postalCode: '',
  state: '',
  city: '',
  street1: '',
  street2: '',
};

/** /mypage/driver-license: the guest's licences with their review, and the form registering one. */
export function DriverLicensePage({ licenses, rentable }: { licenses: DriverLicense[]; rentable: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const waiting = licenses.some((l) => l.status === 'PENDING_REVIEW');
  return (
    <section className="page license-page" aria-labelledby="license-heading">
      <nav className="license-back">
        <Link to={localizePath('/mypage', language)}>{t('license:backToMypage')}</Link>
      </nav>
      <h1 id="license-heading">{t('license:heading')}</h1>
      <p className="license-lead">{t('license:lead')}</p>
      <p className={`license-state license-state--${rentable ? 'ok' : 'none'}`} data-testid="license-rentable">
        {rentable ? t('license:rentable') : waiting ? t('license:waiting') : t('license:notRentable')}
      </p>
      {licenses.length > 0 ? (
        <ul className="license-list">
          {licenses.map((l) => (
            <LicenseCard key={l.id} license={l} />
          ))}
        </ul>
      ) : null}
      {waiting ? null : rentable ? (
        // Approved and valid: registering again is only for a renewed licence, so it stays folded.
        <details className="license-renew">
          <summary>{t('license:renew')}</summary>
          <RegisterForm />
        </details>
      ) : (
        <RegisterForm />
      )}
    </section>
  );
}

function LicenseCard({ license: l }: { license: DriverLicense }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const images = [
    { side: 'front', href: licenseImageHref(l.frontImageUrl) },
    { side: 'back', href: licenseImageHref(l.backImageUrl) },
  ];
  return (
    <li className="license-card" data-testid="license-card" data-status={l.status}>
      <div className="license-card__head">
        <span className={`license-badge license-badge--${l.status.toLowerCase()}`}>
          {t(`license:status.${l.status}`)}
        </span>
        <span className="license-card__type">{t(`license:type.${l.licenseType}`)}</span>
      </div>
      <dl className="license-card__facts">
        <div>
          <dt>{t('license:number')}</dt>
          <dd>{l.driverLicenseNumber ?? t('license:erased')}</dd>
        </div>
        <div>
          <dt>{t('license:expires')}</dt>
          <dd>{formatDate(l.expireDate, 'date', language)}</dd>
        </div>
        {l.holderName ? (
          <div>
            <dt>{t('license:holderName')}</dt>
            <dd>{l.holderName}</dd>
          </div>
        ) : null}
      </dl>
      {l.rejectionReason ? (
        <p className="license-card__reason" role="note">
          <strong>{t('license:rejectedBecause')}</strong> {l.rejectionReason}
        </p>
      ) : null}
      {l.archiveReason ? <p className="license-card__note">{t(`license:archived.${l.archiveReason}`)}</p> : null}
      {images.some((i) => i.href) ? (
        <div className="license-card__images">
          {images.map((i) =>
            i.href ? (
              <a key={i.side} href={i.href} target="_blank" rel="noreferrer" className="license-thumb">
                <img src={i.href} alt={t(`license:${i.side}Alt`)} loading="lazy" width={214} height={135} />
              </a>
            ) : null,
          )}
        </div>
      ) : null}
    </li>
  );
}

function RegisterForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const { run, busy } = useApiAction();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft | 'front' | 'back', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });

  function check(): boolean {
    const next: typeof errors = {};
    if (!/^[A-Za-z0-9-]{6,20}$/.test(draft.driverLicenseNumber.trim()))
      next.driverLicenseNumber = t('license:errors.number');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.expireDate)) next.expireDate = t('license:errors.expireDate');
    if (!draft.holderName.trim()) next.holderName = t('license:errors.required');
    if (!draft.city.trim() || !draft.street1.trim()) next.street1 = t('license:errors.address');
    for (const [side, file] of [
      ['front', front],
      ['back', back],
    ] as const) {
      if (!file) next[side] = t('license:errors.photo');
      else if (file.size > MAX_IMAGE_BYTES) next[side] = t('license:errors.photoSize');
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    if (!check() || !front || !back) return;
    const uploads = [];
    for (const [side, file] of [
      ['FRONT', front],
      ['BACK', back],
    ] as const) {
      const res = await run(uploadDriverLicenseImage, { side, contentBase64: await fileToBase64(file) });
      if (!res.ok) {
        setProblem(res.message ?? t('license:errors.failed'));
        return;
      }
      uploads.push(res.body.imageId);
    }
    const res = await run(
      registerDriverLicense,
      {
        driverLicenseNumber: draft.driverLicenseNumber.trim(),
        expireDate: civilFromIso(draft.expireDate),
        licenseType: draft.licenseType as DriverLicenseType,
        holderName: draft.holderName.trim(),
        holderAddress: {
          countryCode: 'JP',
          postalCode: draft.postalCode.trim(),
          state: draft.state.trim(),
          city: draft.city.trim(),
          street1: draft.street1.trim(),
          street2: draft.street2.trim(),
        },
        frontImageId: uploads[0] as string,
        backImageId: uploads[1] as string,
      },
      { idempotent: true },
    );
    if (res.ok) {
      toast.success(t('license:registered'));
      setDraft(EMPTY);
      setFront(null);
      setBack(null);
    } else {
      setProblem(res.message ?? t('license:errors.failed'));
    }
  }

  return (
    <form
      className="form license-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="license-form-heading"
    >
      <h2 id="license-form-heading">{t('license:formHeading')}</h2>
      <p className="license-form__hint">{t('license:formHint')}</p>
      <TextField
        id="license-number"
        label={t('license:number')}
        value={draft.driverLicenseNumber}
        onChange={set('driverLicenseNumber')}
        error={errors.driverLicenseNumber}
        autoComplete="off"
        inputMode="numeric"
        maxLength={20}
        required
      />
      <div className="license-form__row">
        <TextField
          id="license-expire"
          type="date"
          label={t('license:expires')}
          value={draft.expireDate}
          onChange={set('expireDate')}
          error={errors.expireDate}
          required
        />
        <SelectField
          id="license-type"
          label={t('license:licenseType')}
          value={draft.licenseType}
          onChange={set('licenseType')}
        >
          {DriverLicenseType.values.map((v) => (
            <option key={v} value={v}>
              {t(`license:type.${v}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        id="license-holder"
        label={t('license:holderName')}
        hint={t('license:holderNameHint')}
        value={draft.holderName}
        onChange={set('holderName')}
        error={errors.holderName}
        autoComplete="name"
        maxLength={100}
        required
      />
      <fieldset className="license-form__address">
        <legend>{t('license:address')}</legend>
        <div className="license-form__row">
          <TextField
            id="license-postal"
            label={t('license:postalCode')}
            value={draft.postalCode}
            onChange={set('postalCode')}
            autoComplete="postal-code"
            maxLength={16}
          />
          <TextField
            id="license-state"
            label={t('license:state')}
            value={draft.state}
            onChange={set('state')}
            autoComplete="address-level1"
            maxLength={100}
          />
        </div>
        <TextField
          id="license-city"
          label={t('license:city')}
          value={draft.city}
          onChange={set('city')}
          autoComplete="address-level2"
          maxLength={100}
        />
        <TextField
          id="license-street1"
          label={t('license:street1')}
          value={draft.street1}
          onChange={set('street1')}
          error={errors.street1}
          autoComplete="address-line1"
          maxLength={200}
        />
        <TextField
          id="license-street2"
          label={t('license:street2')}
          value={draft.street2}
          onChange={set('street2')}
          autoComplete="address-line2"
          maxLength={200}
        />
      </fieldset>
      <div className="license-form__photos">
        <PhotoField id="license-front" label={t('license:frontPhoto')} onFile={setFront} error={errors.front} />
        <PhotoField id="license-back" label={t('license:backPhoto')} onFile={setBack} error={errors.back} />
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Button type="submit" busy={busy} data-testid="license-submit">
        {t('license:submit')}
      </Button>
    </form>
  );
}

function PhotoField({
  id,
  label,
  onFile,
  error,
}: {
  id: string;
  label: string;
  onFile: (f: File | null) => void;
  error: string | undefined;
}) {
  return (
    <div className={`field license-photo${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="license-photo__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
