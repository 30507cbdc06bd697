import {
  staffAddVehicleAvailability,
  staffCreateVehicle,
  staffCreateVehicleLocation,
  staffRemoveVehicleAvailability,
  staffUpdateVehicle,
  staffUpdateVehicleLocation,
  type StaffVehicle,
  type StaffVehicleLocation,
} from '@yado/contract/vehicle.contract';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { useTranslation } from '../../../lib/i18n';
import { StaffPage } from './staff-page.component';
import { fromJapanLocalInput, japanTimestamp } from '../japan-time';
import { useApiAction } from '../../../lib/use-api-action.hook';

type Place = { id: string; name: string };

/** /staff/vehicles: a place's cars (with the times each may be rented) and its pick-up and drop-off locations. */
export function StaffVehiclesPage({
  places,
  placeId,
  vehicles,
  locations,
}: {
  places: Place[];
  placeId: string;
  vehicles: StaffVehicle[];
  locations: StaffVehicleLocation[];
}) {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('license:vehicles.heading')} lead={t('license:vehicles.lead')}>
      <Form method="get" className="staff-search">
        <SelectField id="vehicle-place" name="place" label={t('license:vehicles.place')} defaultValue={placeId}>
          <option value="">{t('license:vehicles.choosePlace')}</option>
          {places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          {t('license:staff.show')}
        </Button>
      </Form>
      {placeId ? (
        <div className="vehicle-admin">
          <section aria-labelledby="vehicle-cars">
            <h2 id="vehicle-cars">{t('license:vehicles.cars')}</h2>
            {vehicles.length === 0 ? <p className="license-empty">{t('license:vehicles.noCars')}</p> : null}
            {vehicles.map((v) => (
              <details key={v.id} className="vehicle-admin__item" data-testid="staff-vehicle">
                <summary>
                  <strong>{v.displayNameJa}</strong> / {v.displayNameEn} · {v.registrationNumber}
                  {v.retired ? (
                    <span className="license-badge license-badge--archived">{t('license:vehicles.retired')}</span>
                  ) : null}
                </summary>
                <VehicleForm placeId={placeId} vehicle={v} />
                <Availabilities vehicle={v} />
              </details>
            ))}
            <details className="vehicle-admin__item vehicle-admin__item--new">
              <summary>{t('license:vehicles.addCar')}</summary>
              <VehicleForm placeId={placeId} vehicle={null} />
            </details>
          </section>
          <section aria-labelledby="vehicle-locations">
            <h2 id="vehicle-locations">{t('license:vehicles.locations')}</h2>
            {locations.map((l) => (
              <details key={l.id} className="vehicle-admin__item" data-testid="staff-vehicle-location">
                <summary>
                  <strong>{l.displayNameJa}</strong> / {l.displayNameEn} · ¥{l.price.toLocaleString('en')}
                  {l.retired ? (
                    <span className="license-badge license-badge--archived">{t('license:vehicles.retired')}</span>
                  ) : null}
                </summary>
                <LocationForm placeId={placeId} location={l} />
              </details>
            ))}
            <details className="vehicle-admin__item vehicle-admin__item--new">
              <summary>{t('license:vehicles.addLocation')}</summary>
              <LocationForm placeId={placeId} location={null} />
            </details>
          </section>
        </div>
      ) : null}
    </StaffPage>
  );
}

const int = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN);

function VehicleForm({ placeId, vehicle }: { placeId: string; vehicle: StaffVehicle | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { run, busy } = useApiAction();
  const [problem, setProblem] = useState<string | null>(null);
  const prefix = vehicle ? `vehicle-${vehicle.id}` : 'vehicle-new';

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? '').trim();
    const fields = {
      registrationNumber: s('registrationNumber'),
      displayNameEn: s('displayNameEn'),
      displayNameJa: s('displayNameJa'),
      displayImageUrl: s('displayImageUrl'),
      capacity: int(s('capacity')),
      basePrice: int(s('basePrice')),
      halfHourPrice: int(s('halfHourPrice')),
      telematicsDeviceId: s('telematicsDeviceId'),
      retired: f.get('retired') === 'on',
      sortOrder: int(s('sortOrder') || '0'),
    };
    const res = vehicle
      ? await run(staffUpdateVehicle, { ...fields, vehicleId: vehicle.id })
      : await run(staffCreateVehicle, { ...fields, placeId });
    if (res.ok) {
      setProblem(null);
      toast.success(t('license:vehicles.saved'));
      if (!vehicle) e.currentTarget?.reset();
    } else setProblem(res.message ?? t('license:errors.failed'));
  }

  return (
    <form className="form vehicle-admin__form" onSubmit={(e) => void submit(e)}>
      <div className="license-form__row">
        <TextField
          id={`${prefix}-nameJa`}
          name="displayNameJa"
          label={t('license:vehicles.nameJa')}
          defaultValue={vehicle?.displayNameJa}
          required
          maxLength={100}
        />
        <TextField
          id={`${prefix}-nameEn`}
          name="displayNameEn"
          label={t('license:vehicles.nameEn')}
          defaultValue={vehicle?.displayNameEn}
          required
          maxLength={100}
        />
      </div>
      <div className="license-form__row">
        <TextField
          id={`${prefix}-reg`}
          name="registrationNumber"
          label={t('license:vehicles.registrationNumber')}
          defaultValue={vehicle?.registrationNumber}
          required
          maxLength={40}
        />
        <TextField
          id={`${prefix}-device`}
          name="telematicsDeviceId"
          label={t('license:vehicles.device')}
          defaultValue={vehicle?.telematicsDeviceId}
          required
          maxLength={100}
        />
      </div>
      <div className="license-form__row license-form__row--three">
        <TextField
          id={`${prefix}-capacity`}
          name="capacity"
          type="number"
          min={1}
          max={20}
          label={t('license:vehicles.capacity')}
          defaultValue={vehicle?.capacity ?? 4}
          required
        />
        <TextField
          id={`${prefix}-base`}
          name="basePrice"
          type="number"
          min={0}
          label={t('license:vehicles.basePrice')}
          defaultValue={vehicle?.basePrice ?? 0}
          required
        />
        <TextField
          id={`${prefix}-half`}
          name="halfHourPrice"
          type="number"
          min={0}
          label={t('license:vehicles.halfHourPrice')}
          defaultValue={vehicle?.halfHourPrice ?? 0}
          required
        />
      </div>
      <TextField
        id={`${prefix}-image`}
        name="displayImageUrl"
        label={t('license:vehicles.image')}
        hint={t('license:vehicles.imageHint')}
        defaultValue={vehicle?.displayImageUrl ?? ''}
      />
      <div className="license-form__row">
        <TextField
          id={`${prefix}-sort`}
          name="sortOrder"
          type="number"
          min={0}
          label={t('license:vehicles.sortOrder')}
          defaultValue={vehicle?.sortOrder ?? 0}
        />
        <CheckboxField
          id={`${prefix}-retired`}
          name="retired"
          label={t('license:vehicles.retired')}
          defaultChecked={vehicle?.retired ?? false}
        />
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Button type="submit" busy={busy}>
        {vehicle ? t('license:vehicles.save') : t('license:vehicles.create')}
      </Button>
    </form>
  );
}

function Availabilities({ vehicle }: { vehicle: StaffVehicle }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { run, busy } = useApiAction();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function add(e: FormEvent) {
    e.preventDefault();
    const startTime = fromJapanLocalInput(from);
    const endTime = fromJapanLocalInput(to);
    if (!startTime || !endTime) {
      setProblem(t('license:vehicles.timesRequired'));
      return;
    }
    const res = await run(staffAddVehicleAvailability, { vehicleId: vehicle.id, startTime, endTime });
    if (res.ok) {
      setProblem(null);
      setFrom('');
      setTo('');
      toast.success(t('license:vehicles.saved'));
    } else setProblem(res.message ?? t('license:errors.failed'));
  }

  async function remove(availabilityId: string) {
    const res = await run(staffRemoveVehicleAvailability, { vehicleId: vehicle.id, availabilityId });
    if (res.ok) setProblem(null);
    else setProblem(res.message ?? t('license:errors.failed'));
  }

  return (
    <div className="vehicle-admin__availability">
      <h3>{t('license:vehicles.availabilities')}</h3>
      {vehicle.availabilities.length === 0 ? (
        <p className="license-empty">{t('license:vehicles.noAvailability')}</p>
      ) : null}
      <ul>
        {vehicle.availabilities.map((a) => (
          <li key={a.id}>
            <span>
              {japanTimestamp(a.startTime)} – {japanTimestamp(a.endTime)}
            </span>
            <Button variant="secondary" size="small" disabled={busy} onClick={() => void remove(a.id)}>
              {t('license:vehicles.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <form className="license-form__row license-form__row--three" onSubmit={(e) => void add(e)}>
        <TextField
          id={`avail-from-${vehicle.id}`}
          type="datetime-local"
          label={t('license:vehicles.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          id={`avail-to-${vehicle.id}`}
          type="datetime-local"
          label={t('license:vehicles.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <Button type="submit" variant="secondary" busy={busy}>
          {t('license:vehicles.addAvailability')}
        </Button>
      </form>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
    </div>
  );
}

const coordinate = (v: string) => (v.trim() === '' ? null : Number(v));

function LocationForm({ placeId, location }: { placeId: string; location: StaffVehicleLocation | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { run, busy } = useApiAction();
  const [problem, setProblem] = useState<string | null>(null);
  const prefix = location ? `location-${location.id}` : 'location-new';

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? '').trim();
    const fields = {
      displayNameEn: s('displayNameEn'),
      displayNameJa: s('displayNameJa'),
      descriptionEn: s('descriptionEn'),
      descriptionJa: s('descriptionJa'),
      price: int(s('price')),
      latitude: coordinate(s('latitude')),
      longitude: coordinate(s('longitude')),
      retired: f.get('retired') === 'on',
      sortOrder: int(s('sortOrder') || '0'),
    };
    const res = location
      ? await run(staffUpdateVehicleLocation, { ...fields, locationId: location.id })
      : await run(staffCreateVehicleLocation, { ...fields, placeId });
    if (res.ok) {
      setProblem(null);
      toast.success(t('license:vehicles.saved'));
      if (!location) e.currentTarget?.reset();
    } else setProblem(res.message ?? t('license:errors.failed'));
  }

  return (
    <form className="form vehicle-admin__form" onSubmit={(e) => void submit(e)}>
      <div className="license-form__row">
        <TextField
          id={`${prefix}-nameJa`}
          name="displayNameJa"
          label={t('license:vehicles.nameJa')}
          defaultValue={location?.displayNameJa}
          required
          maxLength={100}
        />
        <TextField
          id={`${prefix}-nameEn`}
          name="displayNameEn"
          label={t('license:vehicles.nameEn')}
          defaultValue={location?.displayNameEn}
          required
          maxLength={100}
        />
      </div>
      <div className="license-form__row">
        <TextField
          id={`${prefix}-descJa`}
          name="descriptionJa"
          label={t('license:vehicles.descriptionJa')}
          defaultValue={location?.descriptionJa}
          maxLength={500}
        />
        <TextField
          id={`${prefix}-descEn`}
          name="descriptionEn"
          label={t('license:vehicles.descriptionEn')}
          defaultValue={location?.descriptionEn}
          maxLength={500}
        />
      </div>
      <div className="license-form__row license-form__row--three">
        <TextField
          id={`${prefix}-price`}
          name="price"
          type="number"
          min={0}
          label={t('license:vehicles.price')}
          defaultValue={location?.price ?? 0}
          required
        />
        <TextField
          id={`${prefix}-lat`}
          name="latitude"
          type="number"
          step="0.000001"
          label={t('license:vehicles.latitude')}
          defaultValue={location?.latitude ?? ''}
        />
        <TextField
          id={`${prefix}-lng`}
          name="longitude"
          type="number"
          step="0.000001"
          label={t('license:vehicles.longitude')}
          defaultValue={location?.longitude ?? ''}
        />
      </div>
      <div className="license-form__row">
        <TextField
          id={`${prefix}-sort`}
          name="sortOrder"
          type="number"
          min={0}
          label={t('license:vehicles.sortOrder')}
          defaultValue={location?.sortOrder ?? 0}
        />
        <CheckboxField
          id={`${prefix}-retired`}
          name="retired"
          label={t('license:vehicles.retired')}
          defaultChecked={location?.retired ?? false}
        />
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Button type="submit" busy={busy}>
        {location ? t('license:vehicles.save') : t('license:vehicles.create')}
      </Button>
    </form>
  );
}
