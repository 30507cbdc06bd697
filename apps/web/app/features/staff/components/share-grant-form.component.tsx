import { staffGrantShare } from '@yado/contract/ownership.contract';
import type { StaffUserSummary } from '@yado/contract/user.contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language.hook';

const wholeNumber = (value: string): number | null => (/^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : null);

/**
 * Grants the chosen user a share: a house group and a fraction (1/12 unless changed). One
 * Idempotency-Key per attempt, so a retried request grants once; the list reloads afterwards.
 */
export function ShareGrantForm({
  user,
  houseGroups,
  houseGroupId,
}: {
  user: StaffUserSummary;
  houseGroups: { id: string; name: string }[];
  houseGroupId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const revalidator = useRevalidator();
  const id = useId();
  const [group, setGroup] = useState(houseGroupId || (houseGroups[0]?.id ?? ''));
  const [numerator, setNumerator] = useState('1');
  const [denominator, setDenominator] = useState('12');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const n = wholeNumber(numerator);
    const d = wholeNumber(denominator);
    if (n === null || d === null || n < 1 || d < 1 || n > d || d > 1000) {
      setProblem(t('staff:shares.badFraction'));
      return;
    }
    setProblem(null);
    setBusy(true);
    key.current ??= newIdempotencyKey();
    try {
      const { share } = await callMethod(
        staffGrantShare,
        { accountId: user.accountId, houseGroupId: group, numerator: n, denominator: d },
        { language, headers: { [IDEMPOTENCY_HEADER]: key.current } },
      );
      key.current = null;
      toast.success(
        t('staff:shares.granted', {
          fraction: `${n}/${d}`,
          house: share.houseGroupName,
          nights: share.nightsPerSlotYear,
        }),
      );
      await revalidator.revalidate();
    } catch (e) {
      if (isApiError(e)) key.current = null;
      setProblem(isApiError(e) ? e.displayMessage : t('staff:shares.failed'));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <form className="staff-shares__form" noValidate onSubmit={(e) => void submit(e)} data-testid="share-grant-form">
      <p className="staff-shares__who">
        {t('staff:shares.grantTo', { name: `${user.lastName} ${user.firstName}`.trim(), email: user.emailAddress })}
      </p>
      <SelectField
        id={field('group')}
        label={t('staff:shares.houseGroup')}
        value={group}
        onChange={(e) => setGroup(e.target.value)}
      >
        {houseGroups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </SelectField>
      <div className="staff-shares__fraction">
        <TextField
          id={field('numerator')}
          label={t('staff:shares.numerator')}
          inputMode="numeric"
          autoComplete="off"
          value={numerator}
          onChange={(e) => setNumerator(e.target.value)}
        />
        <TextField
          id={field('denominator')}
          label={t('staff:shares.denominator')}
          inputMode="numeric"
          autoComplete="off"
          value={denominator}
          onChange={(e) => setDenominator(e.target.value)}
        />
      </div>
      <p className="muted">{t('staff:shares.fractionHint')}</p>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Button type="submit" busy={busy}>
        {t('staff:shares.grant')}
      </Button>
    </form>
  );
}
