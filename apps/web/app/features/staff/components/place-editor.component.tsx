import type { StaffPlace } from '@yado/contract/staff-catalogue.contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { AuditHistory } from './audit-history.component';
import { CatalogueImagesEditor, type CatalogueImages } from './catalogue-images-editor.component';
import { PlaceForm } from './place-form.component';
import { StaffPage } from './staff-page.component';

/** One place: its form, its two photos and its history. */
export function PlaceEditor({ place }: { place: StaffPlace }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [name, setName] = useState(language === 'ja' ? place.nameJa : place.nameEn);
  const [images, setImages] = useState<CatalogueImages>({ ...place, squareImageUrl: '', carouselImageUrls: [] });
  const [refresh, setRefresh] = useState(0);
  return (
    <StaffPage
      title={name}
      crumbs={[{ label: t('staff:places.heading'), to: '/staff/places' }]}
      lead={t('staff:places.idLine', { id: place.id, count: place.houseGroupCount })}
      actions={
        <Link
          className={buttonClassName({ variant: 'secondary' })}
          to={localizePath(`/staff/house-groups?place=${encodeURIComponent(place.id)}`, language)}
        >
          {t('staff:places.houseGroups')}
        </Link>
      }
    >
      <div className="staff-columns">
        <div className="staff-columns__main">
          <PlaceForm
            place={place}
            onSaved={(saved) => {
              setName(language === 'ja' ? saved.nameJa : saved.nameEn);
              setRefresh((n) => n + 1);
            }}
          />
        </div>
        <div className="staff-columns__side">
          <CatalogueImagesEditor
            targetType="PLACE"
            targetId={place.id}
            images={images}
            onChanged={(next) => {
              setImages(next);
              setRefresh((n) => n + 1);
            }}
          />
          <AuditHistory entity="place" entityId={place.id} refresh={refresh} />
        </div>
      </div>
    </StaffPage>
  );
}
