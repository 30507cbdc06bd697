import { MAX_RANKED_PERIODS, MAX_ROUND_PERIODS } from '@yado/contract/high-season.contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import type { FieldError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useCreateAllocationRound } from '../hooks/use-create-allocation-round.hook';
import { fromDateInput, fromJapanLocalInput } from '../japan-time';

type Group = { id: string; name: string };
type PeriodDraft = { key: number; checkin: string; checkout: string };

/**
 * A new high-season round: the house group, the slot year, the request window in Japan time, how
 * many periods an owner may rank, and the periods (check-in and check-out dates of HIGH nights).
 */
export function AllocationRoundForm({
  houseGroups,
  houseGroupId,
  year,
}: {
  houseGroups: Group[];
  houseGroupId: string;
  year: number;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const { create, busy } = useCreateAllocationRound();
  const [group, setGroup] = useState(houseGroupId || (houseGroups[0]?.id ?? ''));
  const [slotYear, setSlotYear] = useState(String(year + 1));
  const [opensAt, setOpensAt] = useState('');
  const [closesAt, setClosesAt] = useState('');
  const [maxRequests, setMaxRequests] = useState(String(MAX_RANKED_PERIODS));
  const [periods, setPeriods] = useState<PeriodDraft[]>([{ key: 0, checkin: '', checkout: '' }]);
  const [problem, setProblem] = useState<{ message: string; fields: FieldError[] } | null>(null);

  const setPeriod = (key: number, patch: Partial<PeriodDraft>) =>
    setPeriods((ps) => ps.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const opens = fromJapanLocalInput(opensAt);
    const closes = fromJapanLocalInput(closesAt);
    const parsed = periods.map((p) => ({
      checkinDate: fromDateInput(p.checkin),
      checkoutDate: fromDateInput(p.checkout),
    }));
    const year = /^\d{4}$/.test(slotYear.trim()) ? Number(slotYear.trim()) : null;
    if (!opens || !closes || year === null || parsed.some((p) => !p.checkinDate || !p.checkoutDate)) {
      setProblem({ message: t('allocation:staff.badInput'), fields: [] });
      return;
    }
    setProblem(null);
    const result = await create({
      houseGroupId: group,
      slotYear: year,
      opensAt: opens,
      closesAt: closes,
      maxRequests: Number(maxRequests),
      periods: parsed.map((p) => ({ checkinDate: p.checkinDate!, checkoutDate: p.checkoutDate! })),
    });
    if (result.ok) {
      toast.success(t('allocation:staff.created', { house: result.round.houseGroupName }));
      setPeriods([{ key: Date.now(), checkin: '', checkout: '' }]);
    } else {
      setProblem({ message: result.message ?? t('allocation:staff.createFailed'), fields: result.fields });
    }
  }

  return (
    <form
      className="staff-form hs-round-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="allocation-round-form"
    >
      <div className="hs-round-form__grid">
        <SelectField
          id={`${id}-group`}
          label={t('allocation:staff.houseGroup')}
          value={group}
          onChange={(e) => setGroup(e.target.value)}
        >
          {houseGroups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${id}-year`}
          label={t('allocation:staff.slotYear')}
          inputMode="numeric"
          autoComplete="off"
          value={slotYear}
          onChange={(e) => setSlotYear(e.target.value)}
        />
        <TextField
          id={`${id}-opens`}
          type="datetime-local"
          label={t('allocation:staff.opensAt')}
          value={opensAt}
          onChange={(e) => setOpensAt(e.target.value)}
        />
        <TextField
          id={`${id}-closes`}
          type="datetime-local"
          label={t('allocation:staff.closesAt')}
          value={closesAt}
          onChange={(e) => setClosesAt(e.target.value)}
        />
        <SelectField
          id={`${id}-max`}
          label={t('allocation:staff.maxRequests')}
          value={maxRequests}
          onChange={(e) => setMaxRequests(e.target.value)}
        >
          {Array.from({ length: MAX_RANKED_PERIODS }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="staff-fieldset hs-round-form__periods">
        <legend>{t('allocation:staff.periods')}</legend>
        {periods.map((p, i) => (
          <div key={p.key} className="hs-round-form__period" data-testid="allocation-period-row">
            <TextField
              id={`${id}-in-${p.key}`}
              type="date"
              label={`${t('allocation:staff.checkin')} ${i + 1}`}
              value={p.checkin}
              onChange={(e) => setPeriod(p.key, { checkin: e.target.value })}
            />
            <TextField
              id={`${id}-out-${p.key}`}
              type="date"
              label={`${t('allocation:staff.checkout')} ${i + 1}`}
              value={p.checkout}
              onChange={(e) => setPeriod(p.key, { checkout: e.target.value })}
            />
            <Button
              variant="text"
              size="small"
              disabled={periods.length === 1}
              onClick={() => setPeriods((ps) => ps.filter((x) => x.key !== p.key))}
            >
              {t('allocation:staff.removePeriod')}
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="small"
          disabled={periods.length >= MAX_ROUND_PERIODS}
          onClick={() => setPeriods((ps) => [...ps, { key: Date.now(), checkin: '', checkout: '' }])}
        >
          {t('allocation:staff.addPeriod')}
        </Button>
      </fieldset>
      {problem ? (
        <FormAlert>
          {problem.message}
          {problem.fields.length > 0 ? (
            <ul className="hs-problems">
              {problem.fields.map((f) => (
                <li key={`${f.field}-${f.description}`}>
                  {f.field}: {f.description}
                </li>
              ))}
            </ul>
          ) : null}
        </FormAlert>
      ) : null}
      <div className="staff-form__actions">
        <Button type="submit" busy={busy}>
          {t('allocation:staff.create')}
        </Button>
      </div>
    </form>
  );
}
