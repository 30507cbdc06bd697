import type { HouseGroupOwnerSettings } from '@yado/contract/ownership.contract';
import type { StaffHouseGroup } from '@yado/contract/staff-catalogue.contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { AuditHistory } from './audit-history.component';
import { CatalogueImagesEditor, type CatalogueImages } from './catalogue-images-editor.component';
import { HouseGroupForm } from './house-group-form.component';
import type { Option } from './house-group-form-sections.component';
import { HousesEditor } from './houses-editor.component';
import { OWNER_SETTINGS_ANCHOR, OwnerSettingsForm } from './owner-settings-form.component';
import { StaffPage } from './staff-page.component';

/**
 * One house group: its form, owner settings, houses, photos and history, with the way to its
 * season calendar.
 */
export function HouseGroupEditor({
  houseGroup,
  ownerSettings,
  places,
  stayStyles,
  sideSections,
}: {
  houseGroup: StaffHouseGroup;
  ownerSettings: HouseGroupOwnerSettings;
  places: Option[];
  stayStyles: Option[];
  /** Sections other features add to the page (the stay pass's private details), after the owner settings. */
  sideSections?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [name, setName] = useState(language === 'ja' ? houseGroup.nameJa : houseGroup.nameEn);
  const [images, setImages] = useState<CatalogueImages>(houseGroup);
  const [refresh, setRefresh] = useState(0);
  const changed = () => setRefresh((n) => n + 1);
  return (
    <StaffPage
      title={name}
      crumbs={[{ label: t('staff:houseGroups.heading'), to: '/staff/house-groups' }]}
      lead={t('staff:houseGroups.idLine', { id: houseGroup.id })}
      actions={
        <>
          <Link
            className={buttonClassName({ variant: 'secondary' })}
            to={localizePath(`/staff/house-groups/${encodeURIComponent(houseGroup.id)}/calendar`, language)}
          >
            {t('staff:houseGroups.calendar')}
          </Link>
          {/* The owner settings sit beside the form, which on a phone is a long way down. */}
          <a className={buttonClassName({ variant: 'secondary' })} href={`#${OWNER_SETTINGS_ANCHOR}`}>
            {t('staff:ownerSettings.heading')}
          </a>
          <Link
            className={buttonClassName({ variant: 'text' })}
            to={localizePath(`/house-groups/${encodeURIComponent(houseGroup.id)}`, language)}
          >
            {t('staff:houseGroups.publicPage')}
          </Link>
        </>
      }
    >
      <div className="staff-columns">
        <div className="staff-columns__main">
          <HouseGroupForm
            houseGroup={houseGroup}
            places={places}
            stayStyles={stayStyles}
            onSaved={(saved) => {
              setName(language === 'ja' ? saved.nameJa : saved.nameEn);
              changed();
            }}
          />
        </div>
        <div className="staff-columns__side">
          <OwnerSettingsForm settings={ownerSettings} onSaved={changed} />
          {sideSections}
          <HousesEditor houseGroupId={houseGroup.id} houses={houseGroup.houses} onChanged={changed} />
          <CatalogueImagesEditor
            targetType="HOUSE_GROUP"
            targetId={houseGroup.id}
            images={images}
            onChanged={(next) => {
              setImages(next);
              changed();
            }}
          />
          <AuditHistory entity="house_group" entityId={houseGroup.id} refresh={refresh} />
        </div>
      </div>
    </StaffPage>
  );
}
