import {
  staffCreateHouse,
  staffDeleteHouse,
  staffUpdateHouse,
  type StaffHouse,
} from '@yado/contract/staff-catalogue.contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/use-language.hook';
import { fieldErrorsFrom, toNumber } from '../form-errors';

type Row = { nameEn: string; nameJa: string; floor: string };
const HOUSE_KEYS = ['nameEn', 'nameJa', 'floor', 'id'];

function HouseRow({
  house,
  onSaved,
  onRemoved,
}: {
  house: StaffHouse;
  onSaved: (house: StaffHouse) => void;
  onRemoved: (outcome: 'DELETED' | 'RETIRED') => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [row, setRow] = useState<Row>({ nameEn: house.nameEn, nameJa: house.nameJa, floor: String(house.floor) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const fail = (e: unknown) => {
    if (isApiError(e)) {
      const { byField } = fieldErrorsFrom(e.fields, HOUSE_KEYS);
      setErrors(byField);
      setMessage(e.displayMessage);
    } else setMessage(t('errors.network'));
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy('save');
    setMessage(null);
    setErrors({});
    try {
      const saved = await callMethod(
        staffUpdateHouse,
        { houseId: house.id, nameEn: row.nameEn.trim(), nameJa: row.nameJa.trim(), floor: toNumber(row.floor) },
        { language },
      );
      onSaved(saved);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('remove');
    setMessage(null);
    try {
      const result = await callMethod(staffDeleteHouse, { houseId: house.id }, { language });
      onRemoved(result.outcome);
    } catch (e) {
      fail(e);
      setConfirming(false);
    } finally {
      setBusy(null);
    }
  }

  const fid = (key: string) => `house-${house.id}-${key}`;
  return (
    <li className="staff-house" data-testid="house-row">
      <form className="staff-house__form" noValidate onSubmit={save} aria-label={house.nameEn}>
        <div className="staff-house__fields">
          <TextField
            id={fid('nameEn')}
            label={t('staff:fields.nameEn')}
            value={row.nameEn}
            error={errors['nameEn']}
            onChange={(e) => setRow({ ...row, nameEn: e.target.value })}
          />
          <TextField
            id={fid('nameJa')}
            label={t('staff:fields.nameJa')}
            value={row.nameJa}
            error={errors['nameJa']}
            onChange={(e) => setRow({ ...row, nameJa: e.target.value })}
          />
          <TextField
            id={fid('floor')}
            label={t('staff:houses.floor')}
            inputMode="numeric"
            value={row.floor}
            error={errors['floor']}
            onChange={(e) => setRow({ ...row, floor: e.target.value })}
          />
        </div>
        <div className="staff-house__actions">
          {house.retired ? <span className="badge badge--neutral">{t('staff:houses.retired')}</span> : null}
          <Button type="submit" variant="secondary" size="small" busy={busy === 'save'}>
            {t('staff:save')}
          </Button>
          {house.retired ? null : confirming ? (
            <>
              <Button size="small" busy={busy === 'remove'} onClick={() => void remove()}>
                {t('staff:houses.confirmRemove')}
              </Button>
              <Button variant="text" size="small" onClick={() => setConfirming(false)}>
                {t('staff:cancel')}
              </Button>
            </>
          ) : (
            <Button variant="text" size="small" onClick={() => setConfirming(true)}>
              {t('staff:houses.remove')}
            </Button>
          )}
        </div>
      </form>
      {message ? (
        <p className="field__error" role="alert">
          {message}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The houses of a house group: rename, move floor, add, remove. Removing a
 * house with past stays retires it instead (the server decides and says
 * which), and one with stays from today on cannot be removed.
 */
export function HousesEditor({
  houseGroupId,
  houses,
  onChanged,
}: {
  houseGroupId: string;
  houses: StaffHouse[];
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const [list, setList] = useState(houses);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [draft, setDraft] = useState<Row>({ nameEn: '', nameJa: '', floor: '1' });
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const [draftMessage, setDraftMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!draft.nameEn.trim()) problems['nameEn'] = t('staff:problems.required');
    if (!draft.nameJa.trim()) problems['nameJa'] = t('staff:problems.required');
    if (Number.isNaN(toNumber(draft.floor))) problems['floor'] = t('staff:problems.number');
    setDraftErrors(problems);
    setDraftMessage(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const house = await callMethod(
        staffCreateHouse,
        { houseGroupId, nameEn: draft.nameEn.trim(), nameJa: draft.nameJa.trim(), floor: toNumber(draft.floor) },
        { language },
      );
      setList((l) => [...l, house]);
      setDraft({ nameEn: '', nameJa: '', floor: '1' });
      toast.success(t('staff:houses.added'));
      onChanged();
    } catch (e) {
      if (isApiError(e)) {
        setDraftErrors(fieldErrorsFrom(e.fields, HOUSE_KEYS).byField);
        setDraftMessage(e.displayMessage);
      } else setDraftMessage(t('errors.network'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-panel" aria-labelledby="houses-heading" data-testid="houses-editor">
      <h2 id="houses-heading">{t('staff:houses.heading')}</h2>
      {outcome ? (
        <FormAlert tone="success" id="house-outcome">
          {outcome}
        </FormAlert>
      ) : null}
      {list.length === 0 ? <p className="muted">{t('staff:houses.empty')}</p> : null}
      <ul className="staff-houses">
        {list.map((house) => (
          <HouseRow
            key={house.id}
            house={house}
            onSaved={(saved) => {
              setList((l) => l.map((h) => (h.id === saved.id ? saved : h)));
              toast.success(t('staff:saved'));
              onChanged();
            }}
            onRemoved={(result) => {
              setList((l) =>
                result === 'DELETED'
                  ? l.filter((h) => h.id !== house.id)
                  : l.map((h) => (h.id === house.id ? { ...h, retired: true } : h)),
              );
              setOutcome(
                result === 'DELETED'
                  ? t('staff:houses.deleted', { name: house.nameEn })
                  : t('staff:houses.retiredOutcome', { name: house.nameEn }),
              );
              onChanged();
            }}
          />
        ))}
      </ul>
      <form className="staff-subform" noValidate onSubmit={add} aria-label={t('staff:houses.addHeading')}>
        <h3>{t('staff:houses.addHeading')}</h3>
        {draftMessage ? <FormAlert>{draftMessage}</FormAlert> : null}
        <div className="staff-house__fields">
          <TextField
            id="new-house-nameEn"
            label={t('staff:fields.nameEn')}
            value={draft.nameEn}
            error={draftErrors['nameEn']}
            onChange={(e) => setDraft({ ...draft, nameEn: e.target.value })}
          />
          <TextField
            id="new-house-nameJa"
            label={t('staff:fields.nameJa')}
            value={draft.nameJa}
            error={draftErrors['nameJa']}
            onChange={(e) => setDraft({ ...draft, nameJa: e.target.value })}
          />
          <TextField
            id="new-house-floor"
            label={t('staff:houses.floor')}
            inputMode="numeric"
            value={draft.floor}
            error={draftErrors['floor']}
            onChange={(e) => setDraft({ ...draft, floor: e.target.value })}
          />
        </div>
        <Button type="submit" variant="secondary" busy={busy}>
          {t('staff:houses.add')}
        </Button>
      </form>
    </section>
  );
}
