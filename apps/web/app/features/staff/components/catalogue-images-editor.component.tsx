import {
  CatalogueImageSchema,
  staffAttachCatalogueImage,
  staffDetachCatalogueImage,
  staffUploadCatalogueImage,
  type ImageCrop,
  type ImageSlot,
} from '@yado/contract/staff-catalogue.contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/use-language.hook';
import { fileToBase64, MAX_IMAGE_BYTES } from '../file-base64';

export type CatalogueImages = {
  verticalImageUrl: string;
  horizontalImageUrl: string;
  squareImageUrl: string;
  carouselImageUrls: string[];
};

type Slot = z.infer<typeof ImageSlot>;
type Crop = z.infer<typeof ImageCrop>;
type Uploaded = z.infer<typeof CatalogueImageSchema>;

/**
 * The photos of a place or house group: what each slot shows (with detach),
 * uploading a new photo (checked and resized by the server), and attaching it
 * to a slot. Every step is audited by the server.
 */
export function CatalogueImagesEditor({
  targetType,
  targetId,
  images,
  onChanged,
}: {
  targetType: 'PLACE' | 'HOUSE_GROUP';
  targetId: string;
  images: CatalogueImages;
  onChanged: (images: CatalogueImages) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const id = useId();
  const slots: Slot[] =
    targetType === 'PLACE' ? ['VERTICAL', 'HORIZONTAL'] : ['VERTICAL', 'HORIZONTAL', 'SQUARE', 'CAROUSEL'];
  const slotName: Record<Slot, string> = {
    VERTICAL: t('staff:images.slotVertical'),
    HORIZONTAL: t('staff:images.slotHorizontal'),
    SQUARE: t('staff:images.slotSquare'),
    CAROUSEL: t('staff:images.slotCarousel'),
  };
  const [file, setFile] = useState<File | null>(null);
  const [crop, setCrop] = useState<Crop>('NONE');
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [slot, setSlot] = useState<Slot>(slots[0] as Slot);
  const [position, setPosition] = useState('');
  const [busy, setBusy] = useState<'upload' | 'attach' | 'detach' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const failed = (e: unknown) =>
    setError(
      isApiError(e)
        ? [e.displayMessage, ...e.fields.map((f) => `${f.field}: ${f.description}`)].join(' · ')
        : t('errors.network'),
    );

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!file) return setFileError(t('staff:images.chooseFile'));
    if (file.size > MAX_IMAGE_BYTES) return setFileError(t('staff:images.tooLarge'));
    setFileError(null);
    setBusy('upload');
    try {
      const contentBase64 = await fileToBase64(file);
      setUploaded(await callMethod(staffUploadCatalogueImage, { contentBase64, crop }, { language }));
      toast.success(t('staff:images.uploaded'));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  }

  async function attach(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!uploaded) return;
    setError(null);
    setBusy('attach');
    try {
      const result = await callMethod(
        staffAttachCatalogueImage,
        {
          targetType,
          targetId,
          imageId: uploaded.imageId,
          slot,
          ...(slot === 'CAROUSEL' && position.trim() ? { position: Number(position) } : {}),
        },
        { language },
      );
      onChanged(result);
      setUploaded(null);
      setFile(null);
      toast.success(t('staff:images.attached', { slot: slotName[slot] }));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  }

  async function detach(which: Slot, at?: number) {
    setError(null);
    setBusy('detach');
    try {
      const result = await callMethod(
        staffDetachCatalogueImage,
        { targetType, targetId, slot: which, ...(at === undefined ? {} : { position: at }) },
        { language },
      );
      onChanged(result);
      toast.success(t('staff:images.detached'));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  }

  const single: { slot: Exclude<Slot, 'CAROUSEL'>; url: string }[] = (
    [
      { slot: 'VERTICAL', url: images.verticalImageUrl },
      { slot: 'HORIZONTAL', url: images.horizontalImageUrl },
      { slot: 'SQUARE', url: images.squareImageUrl },
    ] as const
  ).filter((s) => slots.includes(s.slot));

  return (
    <section className="staff-panel" aria-labelledby={`${id}-heading`} data-testid="images-editor">
      <h2 id={`${id}-heading`}>{t('staff:images.heading')}</h2>
      {error ? <FormAlert title={t('staff:images.failed')}>{error}</FormAlert> : null}
      <ul className="staff-images">
        {single.map((s) => (
          <li key={s.slot} className="staff-image" data-testid={`image-slot-${s.slot}`}>
            <p className="staff-image__slot">{slotName[s.slot]}</p>
            {s.url ? (
              <>
                <img className="staff-image__img" src={s.url} alt={slotName[s.slot]} loading="lazy" />
                <Button variant="text" size="small" disabled={busy !== null} onClick={() => void detach(s.slot)}>
                  {t('staff:images.detach')}
                </Button>
              </>
            ) : (
              <p className="staff-image__none">{t('staff:images.none')}</p>
            )}
          </li>
        ))}
        {slots.includes('CAROUSEL')
          ? images.carouselImageUrls.map((url, index) => (
              <li key={`${url}-${index}`} className="staff-image" data-testid="image-slot-CAROUSEL">
                <p className="staff-image__slot">{t('staff:images.carouselItem', { position: index })}</p>
                <img
                  className="staff-image__img"
                  src={url}
                  alt={t('staff:images.carouselItem', { position: index })}
                  loading="lazy"
                />
                <Button
                  variant="text"
                  size="small"
                  disabled={busy !== null}
                  onClick={() => void detach('CAROUSEL', index)}
                >
                  {t('staff:images.detach')}
                </Button>
              </li>
            ))
          : null}
      </ul>

      <form className="staff-subform" noValidate onSubmit={upload} aria-label={t('staff:images.uploadHeading')}>
        <h3>{t('staff:images.uploadHeading')}</h3>
        <p className="muted">{t('staff:images.uploadHint')}</p>
        <div className="grid grid--2">
          <div className={fileError ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={`${id}-file`}>
              {t('staff:images.file')}
            </label>
            <input
              id={`${id}-file`}
              className="field__control staff-file"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${id}-file-error` : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(null);
              }}
            />
            {fileError ? (
              <p id={`${id}-file-error`} className="field__error">
                {fileError}
              </p>
            ) : null}
          </div>
          <SelectField
            id={`${id}-crop`}
            label={t('staff:images.crop')}
            value={crop}
            onChange={(e) => setCrop(e.target.value as Crop)}
          >
            <option value="NONE">{t('staff:images.cropNone')}</option>
            <option value="HORIZONTAL">{t('staff:images.cropHorizontal')}</option>
            <option value="VERTICAL">{t('staff:images.cropVertical')}</option>
            <option value="SQUARE">{t('staff:images.cropSquare')}</option>
          </SelectField>
        </div>
        <Button type="submit" variant="secondary" busy={busy === 'upload'}>
          {t('staff:images.upload')}
        </Button>
      </form>

      {uploaded ? (
        <form
          className="staff-subform"
          noValidate
          onSubmit={attach}
          aria-label={t('staff:images.attachHeading')}
          data-testid="uploaded-image"
        >
          <h3>{t('staff:images.attachHeading')}</h3>
          <div className="staff-uploaded">
            <img className="staff-image__img" src={uploaded.url} alt={t('staff:images.uploadedAlt')} />
            <ul className="staff-variants" aria-label={t('staff:images.variants')}>
              {uploaded.variants.map((v) => (
                <li key={v.url}>
                  <a href={v.url} target="_blank" rel="noreferrer">
                    {v.width}×{v.height} {v.format.toUpperCase()}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="grid grid--2">
            <SelectField
              id={`${id}-slot`}
              label={t('staff:images.slot')}
              value={slot}
              onChange={(e) => setSlot(e.target.value as Slot)}
            >
              {slots.map((s) => (
                <option key={s} value={s}>
                  {slotName[s]}
                </option>
              ))}
            </SelectField>
            {slot === 'CAROUSEL' ? (
              <TextField
                id={`${id}-position`}
                label={t('staff:images.position')}
                hint={t('staff:images.positionHint')}
                inputMode="numeric"
                value={position}
                onChange={(e) => setPosition(e.target.value)}
              />
            ) : null}
          </div>
          <Button type="submit" busy={busy === 'attach'}>
            {t('staff:images.attach')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
