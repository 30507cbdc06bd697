import type { CivilDate } from '@yado/contract/common.schema';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatYen } from '../../../lib/format-yen';
import { AuditHistory } from './audit-history.component';
import { SeasonCalendarEditor } from './season-calendar-editor.component';
import { StaffPage } from './staff-page.component';

/** The season calendar of one house group with the history of its changes. */
export function SeasonCalendarPage({
  houseGroup,
  today,
}: {
  houseGroup: { id: string; nameEn: string; nameJa: string; standardSeasonPrice: number };
  today: CivilDate;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [refresh, setRefresh] = useState(0);
  const name = language === 'ja' ? houseGroup.nameJa : houseGroup.nameEn;
  const editPath = `/staff/house-groups/${encodeURIComponent(houseGroup.id)}`;
  return (
    <StaffPage
      title={t('staff:calendar.title', { name })}
      crumbs={[
        { label: t('staff:houseGroups.heading'), to: '/staff/house-groups' },
        { label: name, to: editPath },
      ]}
      lead={t('staff:calendar.lead', { price: formatYen(houseGroup.standardSeasonPrice, language) })}
      actions={<Link to={localizePath(editPath, language)}>{t('staff:calendar.backToForm')}</Link>}
    >
      <SeasonCalendarEditor
        houseGroupId={houseGroup.id}
        standardSeasonPrice={houseGroup.standardSeasonPrice}
        today={today}
        onSaved={() => setRefresh((n) => n + 1)}
      />
      <AuditHistory entity="house_group_calendar" entityId={houseGroup.id} refresh={refresh} />
    </StaffPage>
  );
}
