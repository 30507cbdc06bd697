import {
  getSmarthomeState,
  SET_POINT_MAX,
  SET_POINT_MIN,
  updateSmarthomeState,
  type SmartHomeState,
} from '@yado/contract/stay.contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { useTranslation } from '../../../lib/i18n';
import { useApiQuery } from '../../../lib/use-api-query.hook';
import { useStayCall } from '../hooks/use-stay-call.hook';

const MODES = ['OFF', 'HEAT', 'COOL', 'AUTO'] as const;

/** The room's heating or cooling, lights and bath, showing what the controller reports. */
export function SmartHomeControls({ keyId }: { keyId: string }) {
  const { t } = useTranslation();
  const read = useApiQuery(getSmarthomeState, { keyId });
  const { call, busy, track } = useStayCall();
  const [error, setError] = useState<string | null>(null);
  const s: SmartHomeState | null = read.data?.smartHomeState ?? null;

  const change = (name: string, patch: Omit<Parameters<typeof call<typeof updateSmarthomeState>>[1], 'keyId'>) =>
    track(name, async () => {
      setError(null);
      const res = await call(updateSmarthomeState, { keyId, ...patch }, { idempotent: true });
      if (!res.ok) return setError(res.message);
      if (res.body.result === 'UNCONFIRMED') setError(t('stay:home.unconfirmed'));
      await read.mutate({ smartHomeState: res.body.smartHomeState }, { revalidate: false });
    });

  if (read.data && !s) return <FormAlert>{t('stay:home.noAnswer')}</FormAlert>;
  if (!s) return null;
  return (
    <div className="stay-home" data-testid="smarthome">
      <h3 className="stay-key__subheading">{t('stay:home.heading')}</h3>
      <p className="stay-key__muted">{t('stay:home.room', { temperature: s.roomTemperatureCelsius.toFixed(1) })}</p>
      <div className="stay-home__grid">
        <SelectField
          id={`stay-climate-mode-${keyId}`}
          label={t('stay:home.mode')}
          value={s.climateMode}
          disabled={busy !== null}
          onChange={(e) => void change('mode', { climateMode: e.target.value as (typeof MODES)[number] })}
        >
          {MODES.map((m) => (
            <option key={m} value={m}>
              {t(`stay:home.modes.${m}`)}
            </option>
          ))}
        </SelectField>
        <div className="stay-home__setpoint">
          <p className="stay-key__label" id={`stay-setpoint-${keyId}`}>
            {t('stay:home.setPoint')}
          </p>
          <div className="stay-home__stepper" role="group" aria-labelledby={`stay-setpoint-${keyId}`}>
            <Button
              variant="secondary"
              size="small"
              aria-label={t('stay:home.cooler')}
              disabled={busy !== null || s.setPointCelsius <= SET_POINT_MIN}
              onClick={() => void change('setPoint', { setPointCelsius: s.setPointCelsius - 1 })}
            >
              −
            </Button>
            <output className="stay-home__value" data-testid="smarthome-setpoint">
              {t('stay:home.degrees', { value: s.setPointCelsius })}
            </output>
            <Button
              variant="secondary"
              size="small"
              aria-label={t('stay:home.warmer')}
              disabled={busy !== null || s.setPointCelsius >= SET_POINT_MAX}
              onClick={() => void change('setPoint', { setPointCelsius: s.setPointCelsius + 1 })}
            >
              +
            </Button>
          </div>
        </div>
      </div>
      <div className="stay-home__buttons">
        <Button
          variant="secondary"
          busy={busy === 'lights'}
          disabled={busy !== null}
          aria-pressed={s.lightsOn}
          onClick={() => void change('lights', { lightsOn: !s.lightsOn })}
        >
          {s.lightsOn ? t('stay:home.lightsOff') : t('stay:home.lightsOn')}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'bath'}
          disabled={busy !== null}
          onClick={() => void change('bath', { bath: s.bath === 'EMPTY' ? 'FILLING' : 'EMPTY' })}
        >
          {s.bath === 'EMPTY' ? t('stay:home.fillBath') : t('stay:home.drainBath')}
        </Button>
      </div>
      <p className="stay-key__muted">
        {t('stay:home.lightsState', { state: s.lightsOn ? t('stay:home.on') : t('stay:home.off') })} ·{' '}
        {t(`stay:home.bath.${s.bath}`)}
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
