import { staffUpdateHouseAccess } from '@yado/contract/stay.contract';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useApiAction } from '../../../lib/use-api-action.hook';
import { useTranslation } from '../../../lib/i18n';
import { maxLengthOf } from '../../../lib/schema-limits';
import { StaffPage } from './staff-page.component';

type House = {
  houseId: string;
  houseName: string;
  lockDeviceId: string;
  keyBoxCode: string;
  instructionsEn: string;
  instructionsJa: string;
};

const fields = staffUpdateHouseAccess.input.shape;

/** Door settings of a house group's houses: lock device, key-box code, instructions (decision 0041). */
export function StaffHouseAccessPage({
  houseGroupId,
  houseGroups,
  unlockOperationType,
  houses,
}: {
  houseGroupId: string;
  houseGroups: { id: string; name: string }[];
  unlockOperationType: string | null;
  houses: House[];
}) {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('stay:access.heading')} lead={t('stay:access.lead')}>
      <Form method="get" className="staff-search" role="search">
        <SelectField
          id="access-house-group"
          name="houseGroup"
          label={t('staff:bookings.houseGroup')}
          defaultValue={houseGroupId}
        >
          {houseGroups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('stay:access.load')}
        </button>
      </Form>
      {unlockOperationType ? (
        <p>{t('stay:access.operation', { type: t(`stay:access.types.${unlockOperationType}`) })}</p>
      ) : null}
      <div className="house-access">
        {houses.map((h) => (
          <HouseAccessForm key={h.houseId} house={h} />
        ))}
      </div>
    </StaffPage>
  );
}

function HouseAccessForm({ house }: { house: House }) {
  const { t } = useTranslation();
  const { run, busy } = useApiAction();
  const [draft, setDraft] = useState(house);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const id = (k: string) => `access-${house.houseId}-${k}`;
  const set = (k: keyof House) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await run(staffUpdateHouseAccess, {
      houseId: house.houseId,
      lockDeviceId: draft.lockDeviceId,
      keyBoxCode: draft.keyBoxCode,
      instructionsEn: draft.instructionsEn,
      instructionsJa: draft.instructionsJa,
    });
    setMessage(
      res.ok
        ? { tone: 'success', text: t('stay:access.saved') }
        : { tone: 'error', text: res.message ?? t('errors.generic') },
    );
  };
  return (
    <form className="staff-panel" onSubmit={(e) => void submit(e)} data-testid="house-access" aria-labelledby={id('h')}>
      <h2 id={id('h')}>{house.houseName}</h2>
      <TextField
        id={id('lock')}
        label={t('stay:access.lockDeviceId')}
        value={draft.lockDeviceId}
        maxLength={maxLengthOf(fields.lockDeviceId)}
        onChange={set('lockDeviceId')}
      />
      <TextField
        id={id('code')}
        label={t('stay:access.keyBoxCode')}
        value={draft.keyBoxCode}
        autoComplete="off"
        maxLength={maxLengthOf(fields.keyBoxCode)}
        onChange={set('keyBoxCode')}
      />
      <TextAreaField
        id={id('en')}
        label={t('stay:access.instructionsEn')}
        value={draft.instructionsEn}
        maxLength={maxLengthOf(fields.instructionsEn)}
        onChange={set('instructionsEn')}
      />
      <TextAreaField
        id={id('ja')}
        label={t('stay:access.instructionsJa')}
        value={draft.instructionsJa}
        maxLength={maxLengthOf(fields.instructionsJa)}
        onChange={set('instructionsJa')}
      />
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      <Button type="submit" busy={busy}>
        {t('stay:access.save')}
      </Button>
    </form>
  );
}
